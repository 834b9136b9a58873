-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "image" TEXT,
    "emailVerified" TIMESTAMP(3),
    "passwordHash" TEXT,
    "accountId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_accounts" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'dashboard',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,
    "revokedAt" TIMESTAMP(3),
    "revokedById" TEXT,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "usage_buckets" (
    "id" SERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "endpoint" TEXT NOT NULL,
    "statusClass" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_buckets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_failure_buckets" (
    "id" SERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "minute" TIMESTAMP(3) NOT NULL,
    "reason" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "auth_failure_buckets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "actorUserId" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "handoff_sessions" (
    "id" TEXT NOT NULL,
    "userCode" TEXT NOT NULL,
    "codeChallenge" TEXT NOT NULL,
    "clientName" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "keyName" TEXT NOT NULL,
    "redirectUri" TEXT,
    "requesterIp" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "pollInterval" INTEGER NOT NULL DEFAULT 5,
    "lastPolledAt" TIMESTAMP(3),
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "accountId" TEXT,
    "approvedById" TEXT,
    "approvedAt" TIMESTAMP(3),
    "codeHash" TEXT,
    "codeExpiresAt" TIMESTAMP(3),
    "codeUsedAt" TIMESTAMP(3),
    "apiKeyId" TEXT,

    CONSTRAINT "handoff_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "system_state" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "system_state_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "competitions" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "country" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "competitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "editions" (
    "id" SERIAL NOT NULL,
    "competitionId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "startDate" TIMESTAMP(3) NOT NULL,
    "endDate" TIMESTAMP(3) NOT NULL,
    "current" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "editions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teams" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "nameNormalized" TEXT NOT NULL,
    "shortName" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "country" TEXT,
    "founded" INTEGER,
    "venue" TEXT,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "persons" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "nameNormalized" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "nationality" TEXT,
    "birthDate" TIMESTAMP(3),
    "position" TEXT,
    "sport" TEXT NOT NULL,
    "externalRef" TEXT,

    CONSTRAINT "persons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_name_tokens" (
    "token" TEXT NOT NULL,
    "personId" INTEGER NOT NULL,

    CONSTRAINT "person_name_tokens_pkey" PRIMARY KEY ("token","personId")
);

-- CreateTable
CREATE TABLE "roster_entries" (
    "id" SERIAL NOT NULL,
    "editionId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "personId" INTEGER NOT NULL,
    "shirtNumber" INTEGER,
    "position" TEXT,
    "role" TEXT NOT NULL DEFAULT 'player',

    CONSTRAINT "roster_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contests" (
    "id" SERIAL NOT NULL,
    "editionId" INTEGER NOT NULL,
    "round" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "kickoffAt" TIMESTAMP(3) NOT NULL,
    "venue" TEXT,
    "externalRef" TEXT NOT NULL,

    CONSTRAINT "contests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contest_participants" (
    "id" SERIAL NOT NULL,
    "contestId" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "teamId" INTEGER,
    "personId" INTEGER,
    "score" INTEGER,
    "halftimeScore" INTEGER,
    "scoreDetail" TEXT,
    "outcome" TEXT,

    CONSTRAINT "contest_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "standings" (
    "id" SERIAL NOT NULL,
    "editionId" INTEGER NOT NULL,
    "group" TEXT NOT NULL DEFAULT '',
    "teamId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "played" INTEGER NOT NULL,
    "won" INTEGER NOT NULL,
    "drawn" INTEGER NOT NULL,
    "lost" INTEGER NOT NULL,
    "goalsFor" INTEGER NOT NULL,
    "goalsAgainst" INTEGER NOT NULL,
    "goalDifference" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "form" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "standings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "odds_points" (
    "id" SERIAL NOT NULL,
    "contestId" INTEGER NOT NULL,
    "personId" INTEGER,
    "bookmaker" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "line" DOUBLE PRECISION,
    "price" DOUBLE PRECISION NOT NULL,
    "observedAt" TIMESTAMP(3) NOT NULL,
    "isClosing" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "odds_points_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_contest_stats" (
    "id" SERIAL NOT NULL,
    "contestId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "stat" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "person_contest_stats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person_edition_stats" (
    "id" SERIAL NOT NULL,
    "editionId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "stat" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    "contests" INTEGER NOT NULL,

    CONSTRAINT "person_edition_stats_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_accountId_idx" ON "users"("accountId");

-- CreateIndex
CREATE INDEX "oauth_accounts_userId_idx" ON "oauth_accounts"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_accounts_provider_providerAccountId_key" ON "oauth_accounts"("provider", "providerAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE INDEX "api_keys_accountId_createdAt_idx" ON "api_keys"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "usage_buckets_accountId_minute_idx" ON "usage_buckets"("accountId", "minute");

-- CreateIndex
CREATE UNIQUE INDEX "usage_buckets_apiKeyId_minute_endpoint_statusClass_key" ON "usage_buckets"("apiKeyId", "minute", "endpoint", "statusClass");

-- CreateIndex
CREATE UNIQUE INDEX "auth_failure_buckets_accountId_keyPrefix_minute_reason_key" ON "auth_failure_buckets"("accountId", "keyPrefix", "minute", "reason");

-- CreateIndex
CREATE INDEX "audit_events_accountId_createdAt_idx" ON "audit_events"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "handoff_sessions_userCode_key" ON "handoff_sessions"("userCode");

-- CreateIndex
CREATE UNIQUE INDEX "handoff_sessions_codeHash_key" ON "handoff_sessions"("codeHash");

-- CreateIndex
CREATE INDEX "handoff_sessions_expiresAt_idx" ON "handoff_sessions"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "competitions_slug_key" ON "competitions"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "editions_competitionId_name_key" ON "editions"("competitionId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "teams_name_key" ON "teams"("name");

-- CreateIndex
CREATE INDEX "teams_nameNormalized_idx" ON "teams"("nameNormalized");

-- CreateIndex
CREATE UNIQUE INDEX "persons_externalRef_key" ON "persons"("externalRef");

-- CreateIndex
CREATE INDEX "persons_nameNormalized_idx" ON "persons"("nameNormalized");

-- CreateIndex
CREATE INDEX "person_name_tokens_personId_idx" ON "person_name_tokens"("personId");

-- CreateIndex
CREATE INDEX "roster_entries_teamId_editionId_idx" ON "roster_entries"("teamId", "editionId");

-- CreateIndex
CREATE UNIQUE INDEX "roster_entries_editionId_personId_key" ON "roster_entries"("editionId", "personId");

-- CreateIndex
CREATE UNIQUE INDEX "contests_externalRef_key" ON "contests"("externalRef");

-- CreateIndex
CREATE INDEX "contests_editionId_kickoffAt_idx" ON "contests"("editionId", "kickoffAt");

-- CreateIndex
CREATE INDEX "contests_kickoffAt_idx" ON "contests"("kickoffAt");

-- CreateIndex
CREATE INDEX "contest_participants_teamId_idx" ON "contest_participants"("teamId");

-- CreateIndex
CREATE INDEX "contest_participants_personId_idx" ON "contest_participants"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "contest_participants_contestId_side_key" ON "contest_participants"("contestId", "side");

-- CreateIndex
CREATE INDEX "standings_editionId_group_position_idx" ON "standings"("editionId", "group", "position");

-- CreateIndex
CREATE UNIQUE INDEX "standings_editionId_group_teamId_key" ON "standings"("editionId", "group", "teamId");

-- CreateIndex
CREATE INDEX "odds_points_contestId_observedAt_id_idx" ON "odds_points"("contestId", "observedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "odds_points_personId_observedAt_id_idx" ON "odds_points"("personId", "observedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "person_contest_stats_personId_idx" ON "person_contest_stats"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "person_contest_stats_contestId_personId_stat_key" ON "person_contest_stats"("contestId", "personId", "stat");

-- CreateIndex
CREATE INDEX "person_edition_stats_editionId_stat_value_idx" ON "person_edition_stats"("editionId", "stat", "value" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "person_edition_stats_editionId_stat_personId_key" ON "person_edition_stats"("editionId", "stat", "personId");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revokedById_fkey" FOREIGN KEY ("revokedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_buckets" ADD CONSTRAINT "usage_buckets_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_buckets" ADD CONSTRAINT "usage_buckets_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_failure_buckets" ADD CONSTRAINT "auth_failure_buckets_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actorUserId_fkey" FOREIGN KEY ("actorUserId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handoff_sessions" ADD CONSTRAINT "handoff_sessions_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "handoff_sessions" ADD CONSTRAINT "handoff_sessions_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "editions" ADD CONSTRAINT "editions_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_name_tokens" ADD CONSTRAINT "person_name_tokens_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contests" ADD CONSTRAINT "contests_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contest_participants" ADD CONSTRAINT "contest_participants_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contest_participants" ADD CONSTRAINT "contest_participants_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contest_participants" ADD CONSTRAINT "contest_participants_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "standings" ADD CONSTRAINT "standings_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "standings" ADD CONSTRAINT "standings_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odds_points" ADD CONSTRAINT "odds_points_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odds_points" ADD CONSTRAINT "odds_points_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_contest_stats" ADD CONSTRAINT "person_contest_stats_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_contest_stats" ADD CONSTRAINT "person_contest_stats_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_edition_stats" ADD CONSTRAINT "person_edition_stats_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "person_edition_stats" ADD CONSTRAINT "person_edition_stats_personId_fkey" FOREIGN KEY ("personId") REFERENCES "persons"("id") ON DELETE CASCADE ON UPDATE CASCADE;
