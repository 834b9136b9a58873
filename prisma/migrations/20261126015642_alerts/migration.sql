-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "inbox" BOOLEAN NOT NULL DEFAULT true,
    "readAt" DATETIME,
    "emailState" TEXT NOT NULL DEFAULT 'off',
    "emailedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "alerts_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "alert_settings" (
    "accountId" TEXT NOT NULL PRIMARY KEY,
    "channels" TEXT NOT NULL DEFAULT '{}',
    "leakAction" TEXT NOT NULL DEFAULT 'revoke',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "alert_settings_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "alerts_dedupeKey_key" ON "alerts"("dedupeKey");

-- CreateIndex
CREATE INDEX "alerts_accountId_createdAt_idx" ON "alerts"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "alerts_emailState_createdAt_idx" ON "alerts"("emailState", "createdAt");
