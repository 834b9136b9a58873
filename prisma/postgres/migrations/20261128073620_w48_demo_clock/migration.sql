-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "teams" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "persons" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "contests" ADD COLUMN     "minute" INTEGER,
ADD COLUMN     "period" TEXT;

-- Data: rows the demo generator wrote before the flag existed (its contests' and persons' refs start "seed:").
UPDATE "persons" SET "demo" = true WHERE "externalRef" LIKE 'seed:%';
UPDATE "competitions" SET "demo" = true WHERE "id" IN (SELECT e."competitionId" FROM "editions" e JOIN "contests" c ON c."editionId" = e."id" WHERE c."externalRef" LIKE 'seed:%');
UPDATE "teams" SET "demo" = true WHERE "id" IN (SELECT p."teamId" FROM "contest_participants" p JOIN "contests" c ON c."id" = p."contestId" WHERE c."externalRef" LIKE 'seed:%') AND "id" NOT IN (SELECT p."teamId" FROM "contest_participants" p JOIN "contests" c ON c."id" = p."contestId" WHERE c."externalRef" NOT LIKE 'seed:%' AND p."teamId" IS NOT NULL);
