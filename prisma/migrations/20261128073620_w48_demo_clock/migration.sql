-- AlterTable
ALTER TABLE "contests" ADD COLUMN "minute" INTEGER;
ALTER TABLE "contests" ADD COLUMN "period" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_competitions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "country" TEXT,
    "code" TEXT,
    "tier" INTEGER,
    "demo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_competitions" ("code", "country", "createdAt", "format", "id", "kind", "name", "slug", "sport", "tier") SELECT "code", "country", "createdAt", "format", "id", "kind", "name", "slug", "sport", "tier" FROM "competitions";
DROP TABLE "competitions";
ALTER TABLE "new_competitions" RENAME TO "competitions";
CREATE UNIQUE INDEX "competitions_slug_key" ON "competitions"("slug");
CREATE UNIQUE INDEX "competitions_code_key" ON "competitions"("code");
CREATE TABLE "new_teams" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "nameNormalized" TEXT NOT NULL,
    "shortName" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "country" TEXT,
    "founded" INTEGER,
    "venue" TEXT,
    "demo" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_teams" ("code", "country", "founded", "id", "name", "nameNormalized", "shortName", "venue") SELECT "code", "country", "founded", "id", "name", "nameNormalized", "shortName", "venue" FROM "teams";
DROP TABLE "teams";
ALTER TABLE "new_teams" RENAME TO "teams";
CREATE UNIQUE INDEX "teams_name_key" ON "teams"("name");
CREATE INDEX "teams_nameNormalized_idx" ON "teams"("nameNormalized");
CREATE TABLE "new_persons" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "nameNormalized" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "nationality" TEXT,
    "birthDate" DATETIME,
    "position" TEXT,
    "sport" TEXT NOT NULL,
    "externalRef" TEXT,
    "demo" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_persons" ("birthDate", "externalRef", "firstName", "id", "lastName", "name", "nameNormalized", "nationality", "position", "sport") SELECT "birthDate", "externalRef", "firstName", "id", "lastName", "name", "nameNormalized", "nationality", "position", "sport" FROM "persons";
DROP TABLE "persons";
ALTER TABLE "new_persons" RENAME TO "persons";
CREATE UNIQUE INDEX "persons_externalRef_key" ON "persons"("externalRef");
CREATE INDEX "persons_nameNormalized_idx" ON "persons"("nameNormalized");
CREATE INDEX "persons_sport_id_idx" ON "persons"("sport", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Data: rows the demo generator wrote before the flag existed (its contests' and persons' refs start "seed:").
UPDATE "persons" SET "demo" = true WHERE "externalRef" LIKE 'seed:%';
UPDATE "competitions" SET "demo" = true WHERE "id" IN (SELECT e."competitionId" FROM "editions" e JOIN "contests" c ON c."editionId" = e."id" WHERE c."externalRef" LIKE 'seed:%');
UPDATE "teams" SET "demo" = true WHERE "id" IN (SELECT p."teamId" FROM "contest_participants" p JOIN "contests" c ON c."id" = p."contestId" WHERE c."externalRef" LIKE 'seed:%') AND "id" NOT IN (SELECT p."teamId" FROM "contest_participants" p JOIN "contests" c ON c."id" = p."contestId" WHERE c."externalRef" NOT LIKE 'seed:%' AND p."teamId" IS NOT NULL);
