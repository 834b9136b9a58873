-- AlterTable
ALTER TABLE "contests" ADD COLUMN     "decidedBy" TEXT,
ADD COLUMN     "referee" TEXT;

-- AlterTable
ALTER TABLE "contest_participants" ADD COLUMN     "extraTimeScore" INTEGER,
ADD COLUMN     "formation" TEXT,
ADD COLUMN     "fullTimeScore" INTEGER,
ADD COLUMN     "penaltyScore" INTEGER;

-- CreateTable
CREATE TABLE "match_events" (
    "id" SERIAL NOT NULL,
    "contestId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "minute" INTEGER,
    "addedTime" INTEGER,
    "teamId" INTEGER,
    "personId" INTEGER,
    "relatedPersonId" INTEGER,
    "personName" TEXT,
    "relatedName" TEXT,
    "penalty" BOOLEAN NOT NULL DEFAULT false,
    "ownGoal" BOOLEAN NOT NULL DEFAULT false,
    "detail" TEXT,
    "source" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "deletedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "match_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lineup_entries" (
    "id" SERIAL NOT NULL,
    "contestId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "personId" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "shirtNumber" INTEGER,
    "position" TEXT,
    "sequence" INTEGER NOT NULL,

    CONSTRAINT "lineup_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_contest_stats" (
    "contestId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "shots" INTEGER,
    "shotsOnTarget" INTEGER,
    "corners" INTEGER,
    "fouls" INTEGER,
    "yellowCards" INTEGER,
    "redCards" INTEGER,

    CONSTRAINT "team_contest_stats_pkey" PRIMARY KEY ("contestId","teamId")
);

-- CreateIndex
CREATE INDEX "match_events_contestId_sequence_idx" ON "match_events"("contestId", "sequence");

-- CreateIndex
CREATE INDEX "match_events_personId_idx" ON "match_events"("personId");

-- CreateIndex
CREATE UNIQUE INDEX "match_events_source_externalId_key" ON "match_events"("source", "externalId");

-- CreateIndex
CREATE INDEX "lineup_entries_contestId_teamId_sequence_idx" ON "lineup_entries"("contestId", "teamId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "lineup_entries_contestId_personId_key" ON "lineup_entries"("contestId", "personId");

-- CreateIndex
CREATE INDEX "team_contest_stats_teamId_idx" ON "team_contest_stats"("teamId");

-- AddForeignKey
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineup_entries" ADD CONSTRAINT "lineup_entries_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_contest_stats" ADD CONSTRAINT "team_contest_stats_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;
