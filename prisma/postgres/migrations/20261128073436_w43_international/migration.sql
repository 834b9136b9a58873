-- AlterTable
ALTER TABLE "contests" ADD COLUMN     "city" TEXT,
ADD COLUMN     "country" TEXT,
ADD COLUMN     "firstShooter" TEXT,
ADD COLUMN     "goalList" BOOLEAN,
ADD COLUMN     "neutral" BOOLEAN;

-- AlterTable
ALTER TABLE "contest_participants" ADD COLUMN     "teamName" TEXT;

-- CreateTable
CREATE TABLE "team_former_names" (
    "teamId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "startDate" TIMESTAMP(3) NOT NULL,
    "endDate" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "team_former_names_pkey" PRIMARY KEY ("teamId","name","startDate")
);

-- CreateTable
CREATE TABLE "contest_sources" (
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "contestId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "facts" TEXT NOT NULL,

    CONSTRAINT "contest_sources_pkey" PRIMARY KEY ("source","key")
);

-- CreateTable
CREATE TABLE "team_ratings" (
    "contestId" INTEGER NOT NULL,
    "teamId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "ratedAt" TIMESTAMP(3) NOT NULL,
    "before" DOUBLE PRECISION NOT NULL,
    "after" DOUBLE PRECISION NOT NULL,
    "expected" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "team_ratings_pkey" PRIMARY KEY ("contestId","teamId")
);

-- CreateIndex
CREATE INDEX "contest_sources_contestId_idx" ON "contest_sources"("contestId");

-- CreateIndex
CREATE INDEX "team_ratings_teamId_ratedAt_seq_idx" ON "team_ratings"("teamId", "ratedAt", "seq");

-- CreateIndex
CREATE INDEX "team_ratings_ratedAt_idx" ON "team_ratings"("ratedAt");

-- AddForeignKey
ALTER TABLE "team_former_names" ADD CONSTRAINT "team_former_names_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contest_sources" ADD CONSTRAINT "contest_sources_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_ratings" ADD CONSTRAINT "team_ratings_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_ratings" ADD CONSTRAINT "team_ratings_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
