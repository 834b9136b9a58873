-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "allowedIps" TEXT,
ADD COLUMN     "changedAt" TIMESTAMP(3),
ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "note" TEXT,
ADD COLUMN     "rateLimit" INTEGER,
ADD COLUMN     "rolledFromId" TEXT,
ADD COLUMN     "scopes" TEXT,
ADD COLUMN     "unitCap" INTEGER;

-- AlterTable
ALTER TABLE "handoff_sessions" ADD COLUMN     "keyExpiresDays" INTEGER,
ADD COLUMN     "keyScopes" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_rolledFromId_key" ON "api_keys"("rolledFromId");

-- CreateIndex
CREATE INDEX "api_keys_changedAt_idx" ON "api_keys"("changedAt");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rolledFromId_fkey" FOREIGN KEY ("rolledFromId") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;
