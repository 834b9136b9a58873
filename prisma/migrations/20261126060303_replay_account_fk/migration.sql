-- Replays of accounts that no longer exist are dropped: the rows were never shown to anyone else.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_replays" (
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
    "endedAt" DATETIME,
    CONSTRAINT "replays_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "accounts" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_replays" ("accountId", "contestId", "createdAt", "emitted", "endedAt", "endsAt", "id", "keyId", "speed", "status", "total") SELECT "accountId", "contestId", "createdAt", "emitted", "endedAt", "endsAt", "id", "keyId", "speed", "status", "total" FROM "replays" WHERE "accountId" IN (SELECT "id" FROM "accounts");
DROP TABLE "replays";
ALTER TABLE "new_replays" RENAME TO "replays";
CREATE INDEX "replays_accountId_status_idx" ON "replays"("accountId", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
