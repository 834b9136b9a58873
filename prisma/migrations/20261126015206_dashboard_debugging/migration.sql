-- AlterTable
ALTER TABLE "request_logs" ADD COLUMN "errorMessage" TEXT;
ALTER TABLE "request_logs" ADD COLUMN "responseBody" TEXT;
ALTER TABLE "request_logs" ADD COLUMN "responseHeaders" TEXT;

-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN "responseHeaders" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_endpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "createdById" TEXT,
    "url" TEXT NOT NULL,
    "eventTypes" TEXT NOT NULL DEFAULT '',
    "competitionId" INTEGER,
    "secret" TEXT NOT NULL,
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "disabledAt" DATETIME,
    "disabledReason" TEXT,
    "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
    "failingSince" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "previousSecret" TEXT,
    "previousSecretUntil" DATETIME,
    "description" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "webhook_endpoints_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_webhook_endpoints" ("accountId", "competitionId", "consecutiveFailures", "createdAt", "createdById", "cursor", "disabledAt", "disabledReason", "eventTypes", "failingSince", "id", "secret", "updatedAt", "url") SELECT "accountId", "competitionId", "consecutiveFailures", "createdAt", "createdById", "cursor", "disabledAt", "disabledReason", "eventTypes", "failingSince", "id", "secret", "updatedAt", "url" FROM "webhook_endpoints";
DROP TABLE "webhook_endpoints";
ALTER TABLE "new_webhook_endpoints" RENAME TO "webhook_endpoints";
CREATE INDEX "webhook_endpoints_accountId_idx" ON "webhook_endpoints"("accountId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
