-- CreateTable
CREATE TABLE "usage_rollups" (
    "id" SERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "start" TIMESTAMP(3) NOT NULL,
    "endpoint" TEXT NOT NULL,
    "statusClass" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "units" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_rollups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_logs" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
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
    "durationMs" DOUBLE PRECISION NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "sampleRate" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "request_logs_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "usage_rollups" ADD CONSTRAINT "usage_rollups_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "usage_rollups" ADD CONSTRAINT "usage_rollups_apiKeyId_fkey" FOREIGN KEY ("apiKeyId") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill (hand-written, issue 14): roll up the minute buckets that already exist.
INSERT INTO "usage_rollups" ("accountId", "apiKeyId", "period", "start", "endpoint", "statusClass", "requests", "units")
SELECT "accountId", "apiKeyId", 'hour', date_trunc('hour', "minute"), "endpoint", "statusClass", SUM("requests"), SUM("units")
FROM "usage_buckets" GROUP BY "accountId", "apiKeyId", date_trunc('hour', "minute"), "endpoint", "statusClass";
INSERT INTO "usage_rollups" ("accountId", "apiKeyId", "period", "start", "endpoint", "statusClass", "requests", "units")
SELECT "accountId", "apiKeyId", 'day', date_trunc('day', "minute"), "endpoint", "statusClass", SUM("requests"), SUM("units")
FROM "usage_buckets" GROUP BY "accountId", "apiKeyId", date_trunc('day', "minute"), "endpoint", "statusClass";
