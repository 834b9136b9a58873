-- CreateTable
CREATE TABLE "oauth_clients" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "uri" TEXT,
    "redirectUris" TEXT NOT NULL,
    "metadata" TEXT NOT NULL,
    "registeredIp" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "oauth_grants" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "clientId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "codeChallenge" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "state" TEXT,
    "resource" TEXT NOT NULL,
    "requestedScopes" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "accountId" TEXT,
    "approvedById" TEXT,
    "apiKeyId" TEXT,
    "codeHash" TEXT,
    "codeExpiresAt" DATETIME,
    "codeUsedAt" DATETIME,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "oauth_grants_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "oauth_tokens" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "grantId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "oauth_clients_createdAt_idx" ON "oauth_clients"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_grants_codeHash_key" ON "oauth_grants"("codeHash");

-- CreateIndex
CREATE INDEX "oauth_grants_accountId_idx" ON "oauth_grants"("accountId");

-- CreateIndex
CREATE INDEX "oauth_grants_expiresAt_idx" ON "oauth_grants"("expiresAt");

-- CreateIndex
CREATE INDEX "oauth_tokens_grantId_idx" ON "oauth_tokens"("grantId");

-- CreateIndex
CREATE INDEX "oauth_tokens_expiresAt_idx" ON "oauth_tokens"("expiresAt");
