-- AlterTable
ALTER TABLE "changes" ADD COLUMN     "accountId" TEXT,
ADD COLUMN     "replayId" TEXT;

-- CreateTable
CREATE TABLE "replays" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "keyId" TEXT NOT NULL,
    "contestId" INTEGER NOT NULL,
    "speed" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "emitted" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "replays_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "replays_accountId_status_idx" ON "replays"("accountId", "status");
