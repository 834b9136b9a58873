-- CreateTable
CREATE TABLE "ingest_mappings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "source" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "feedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ingest_idempotency" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "keyId" TEXT NOT NULL,
    "idemKey" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_accounts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "operator" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_accounts" ("createdAt", "id", "name", "plan") SELECT "createdAt", "id", "name", "plan" FROM "accounts";
DROP TABLE "accounts";
ALTER TABLE "new_accounts" RENAME TO "accounts";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ingest_mappings_kind_targetId_idx" ON "ingest_mappings"("kind", "targetId");

-- CreateIndex
CREATE UNIQUE INDEX "ingest_mappings_source_kind_externalId_key" ON "ingest_mappings"("source", "kind", "externalId");

-- CreateIndex
CREATE INDEX "ingest_idempotency_expiresAt_idx" ON "ingest_idempotency"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "ingest_idempotency_keyId_idemKey_key" ON "ingest_idempotency"("keyId", "idemKey");
