-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "code" TEXT,
ADD COLUMN     "tier" INTEGER;

-- AlterTable
ALTER TABLE "contest_participants" ADD COLUMN     "ranking" INTEGER,
ADD COLUMN     "rankingPoints" INTEGER;

-- AlterTable
ALTER TABLE "standings" ADD COLUMN     "adjustment" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "adjustmentNote" TEXT;

-- CreateTable
CREATE TABLE "team_aliases" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "teamId" INTEGER NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_aliases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "point_adjustments" (
    "id" SERIAL NOT NULL,
    "editionId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "point_adjustments_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "team_aliases" ADD CONSTRAINT "team_aliases_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "point_adjustments" ADD CONSTRAINT "point_adjustments_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "editions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "point_adjustments" ADD CONSTRAINT "point_adjustments_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
