-- AlterTable
ALTER TABLE "changes" ADD COLUMN "magnitude" REAL;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN "oddsThresholdPp" REAL;
