-- AlterTable
ALTER TABLE "changes" ADD COLUMN "accountId" TEXT;
ALTER TABLE "changes" ADD COLUMN "replayId" TEXT;

-- CreateTable
CREATE TABLE "replays" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "keyId" TEXT NOT NULL,
    "contestId" INTEGER NOT NULL,
    "speed" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "emitted" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endsAt" DATETIME NOT NULL,
    "endedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "replays_accountId_status_idx" ON "replays"("accountId", "status");
