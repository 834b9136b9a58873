-- AlterTable
ALTER TABLE "request_logs" ADD COLUMN     "errorMessage" TEXT,
ADD COLUMN     "responseBody" TEXT,
ADD COLUMN     "responseHeaders" TEXT;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "previousSecret" TEXT,
ADD COLUMN     "previousSecretUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "responseHeaders" TEXT;
