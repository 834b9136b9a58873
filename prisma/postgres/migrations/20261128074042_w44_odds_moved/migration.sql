-- AlterTable
ALTER TABLE "changes" ADD COLUMN     "magnitude" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "oddsThresholdPp" DOUBLE PRECISION;
