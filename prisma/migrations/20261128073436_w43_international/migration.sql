-- AlterTable
ALTER TABLE "contests" ADD COLUMN "city" TEXT;
ALTER TABLE "contests" ADD COLUMN "country" TEXT;
ALTER TABLE "contests" ADD COLUMN "firstShooter" TEXT;
ALTER TABLE "contests" ADD COLUMN "goalList" BOOLEAN;
ALTER TABLE "contests" ADD COLUMN "neutral" BOOLEAN;

-- AlterTable
ALTER TABLE "contest_participants" ADD COLUMN "teamName" TEXT;

-- CreateTable
CREATE TABLE "team_former_names" (
    "teamId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "startDate" DATETIME NOT NULL,
    "endDate" DATETIME NOT NULL,

    PRIMARY KEY ("teamId", "name", "startDate"),
    CONSTRAINT "team_former_names_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "contest_sources" (
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "contestId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "facts" TEXT NOT NULL,

    PRIMARY KEY ("source", "key"),
    CONSTRAINT "contest_sources_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "team_ratings" (
    "contestId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "ratedAt" DATETIME NOT NULL,
    "before" REAL NOT NULL,
    "after" REAL NOT NULL,
    "expected" REAL NOT NULL,

    PRIMARY KEY ("contestId", "teamId"),
    CONSTRAINT "team_ratings_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "team_ratings_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "contest_sources_contestId_idx" ON "contest_sources"("contestId");

-- CreateIndex
CREATE INDEX "team_ratings_teamId_ratedAt_seq_idx" ON "team_ratings"("teamId", "ratedAt", "seq");

-- CreateIndex
CREATE INDEX "team_ratings_ratedAt_idx" ON "team_ratings"("ratedAt");
