-- AlterTable
ALTER TABLE "handoff_sessions" ADD COLUMN "keyExpiresDays" INTEGER;
ALTER TABLE "handoff_sessions" ADD COLUMN "keyScopes" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_api_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'dashboard',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,
    "revokedAt" DATETIME,
    "revokedById" TEXT,
    "lastUsedAt" DATETIME,
    "expiresAt" DATETIME,
    "disabledAt" DATETIME,
    "scopes" TEXT,
    "allowedIps" TEXT,
    "rateLimit" INTEGER,
    "unitCap" INTEGER,
    "note" TEXT,
    "rolledFromId" TEXT,
    "changedAt" DATETIME,
    CONSTRAINT "api_keys_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "api_keys_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "api_keys_revokedById_fkey" FOREIGN KEY ("revokedById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "api_keys_rolledFromId_fkey" FOREIGN KEY ("rolledFromId") REFERENCES "api_keys" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_api_keys" ("accountId", "createdAt", "createdById", "environment", "id", "lastUsedAt", "name", "prefix", "revokedAt", "revokedById", "secretHash", "source") SELECT "accountId", "createdAt", "createdById", "environment", "id", "lastUsedAt", "name", "prefix", "revokedAt", "revokedById", "secretHash", "source" FROM "api_keys";
DROP TABLE "api_keys";
ALTER TABLE "new_api_keys" RENAME TO "api_keys";
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");
CREATE UNIQUE INDEX "api_keys_rolledFromId_key" ON "api_keys"("rolledFromId");
CREATE INDEX "api_keys_accountId_createdAt_idx" ON "api_keys"("accountId", "createdAt");
CREATE INDEX "api_keys_changedAt_idx" ON "api_keys"("changedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
