-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "operator" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ingest_mappings" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "feedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ingest_mappings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ingest_idempotency" (
    "id" SERIAL NOT NULL,
    "keyId" TEXT NOT NULL,
    "idemKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ingest_idempotency_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ingest_mappings_kind_targetId_idx" ON "ingest_mappings"("kind", "targetId");

-- CreateIndex
CREATE UNIQUE INDEX "ingest_mappings_source_kind_externalId_key" ON "ingest_mappings"("source", "kind", "externalId");

-- CreateIndex
CREATE INDEX "ingest_idempotency_expiresAt_idx" ON "ingest_idempotency"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ingest_idempotency_keyId_idemKey_key" ON "ingest_idempotency"("keyId", "idemKey");
