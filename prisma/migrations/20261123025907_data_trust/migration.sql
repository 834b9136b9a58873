-- AlterTable
ALTER TABLE "competitions" ADD COLUMN "code" TEXT;
ALTER TABLE "competitions" ADD COLUMN "tier" INTEGER;

-- AlterTable
ALTER TABLE "contest_participants" ADD COLUMN "ranking" INTEGER;
ALTER TABLE "contest_participants" ADD COLUMN "rankingPoints" INTEGER;

-- CreateTable
CREATE TABLE "team_aliases" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "teamId" INTEGER NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "team_aliases_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "point_adjustments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "editionId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "point_adjustments_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "point_adjustments_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_standings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "adjustment" INTEGER NOT NULL DEFAULT 0,
    "adjustmentNote" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "standings_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "standings_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_standings" ("drawn", "editionId", "form", "goalDifference", "goalsAgainst", "goalsFor", "group", "id", "lost", "played", "points", "position", "teamId", "updatedAt", "won") SELECT "drawn", "editionId", "form", "goalDifference", "goalsAgainst", "goalsFor", "group", "id", "lost", "played", "points", "position", "teamId", "updatedAt", "won" FROM "standings";
DROP TABLE "standings";
ALTER TABLE "new_standings" RENAME TO "standings";
CREATE INDEX "standings_editionId_group_position_idx" ON "standings"("editionId", "group", "position");
CREATE UNIQUE INDEX "standings_editionId_group_teamId_key" ON "standings"("editionId", "group", "teamId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "team_aliases_key_key" ON "team_aliases"("key");

-- CreateIndex
CREATE INDEX "team_aliases_teamId_idx" ON "team_aliases"("teamId");

-- CreateIndex
CREATE INDEX "point_adjustments_editionId_idx" ON "point_adjustments"("editionId");

-- CreateIndex
CREATE UNIQUE INDEX "point_adjustments_editionId_teamId_reason_key" ON "point_adjustments"("editionId", "teamId", "reason");

-- CreateIndex
CREATE UNIQUE INDEX "competitions_code_key" ON "competitions"("code");
