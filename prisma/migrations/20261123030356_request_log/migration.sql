-- CreateTable
CREATE TABLE "usage_rollups" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "start" DATETIME NOT NULL,
    "endpoint" TEXT NOT NULL,
    "statusClass" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "usage_rollups_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "usage_rollups_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "api_keys" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "request_logs" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL,
    "accountId" TEXT,
    "keyPrefix" TEXT,
    "environment" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT NOT NULL DEFAULT '',
    "endpoint" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "errorCode" TEXT,
    "units" INTEGER NOT NULL DEFAULT 0,
    "durationMs" REAL NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "sampleRate" INTEGER NOT NULL DEFAULT 1
);

-- CreateIndex
CREATE INDEX "usage_rollups_accountId_period_start_idx" ON "usage_rollups"("accountId", "period", "start");

-- CreateIndex
CREATE UNIQUE INDEX "usage_rollups_apiKeyId_period_start_endpoint_statusClass_key" ON "usage_rollups"("apiKeyId", "period", "start", "endpoint", "statusClass");

-- CreateIndex
CREATE INDEX "request_logs_accountId_at_idx" ON "request_logs"("accountId", "at");

-- CreateIndex
CREATE INDEX "request_logs_accountId_status_at_idx" ON "request_logs"("accountId", "status", "at");

-- CreateIndex
CREATE INDEX "request_logs_at_idx" ON "request_logs"("at");

-- Backfill (hand-written, issue 14): roll up the minute buckets that already exist. Prisma's
-- SQLite adapter stores DateTime as "YYYY-MM-DDTHH:MM:SS.mmm+00:00", so the hour and day are prefixes.
INSERT INTO "usage_rollups" ("accountId", "apiKeyId", "period", "start", "endpoint", "statusClass", "requests", "units")
SELECT "accountId", "apiKeyId", 'hour', substr("minute", 1, 13) || ':00:00.000+00:00', "endpoint", "statusClass", SUM("requests"), SUM("units")
FROM "usage_buckets" GROUP BY "accountId", "apiKeyId", substr("minute", 1, 13), "endpoint", "statusClass";
INSERT INTO "usage_rollups" ("accountId", "apiKeyId", "period", "start", "endpoint", "statusClass", "requests", "units")
SELECT "accountId", "apiKeyId", 'day', substr("minute", 1, 10) || 'T00:00:00.000+00:00', "endpoint", "statusClass", SUM("requests"), SUM("units")
FROM "usage_buckets" GROUP BY "accountId", "apiKeyId", substr("minute", 1, 10), "endpoint", "statusClass";
