-- AlterTable
ALTER TABLE "accounts" ADD COLUMN "suspendedAt" DATETIME;
ALTER TABLE "accounts" ADD COLUMN "suspendedReason" TEXT;

-- CreateTable
CREATE TABLE "plans" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "label" TEXT NOT NULL,
    "ratePerMinute" INTEGER,
    "burst" INTEGER,
    "monthlyUnits" INTEGER,
    "updatedAt" DATETIME NOT NULL
);

-- Seed the catalogue with the built-in plans (lib/plans.ts BUILT_IN); the date in the text form
-- Prisma's SQLite adapter writes (lib/db/config.ts sqliteDateTime).
INSERT INTO "plans" ("name", "label", "ratePerMinute", "burst", "monthlyUnits", "updatedAt") VALUES
  ('free', 'Free', 60, 20, 10000, '2026-11-26T00:00:00.000+00:00'),
  ('pro', 'Pro', 600, 100, 500000, '2026-11-26T00:00:00.000+00:00'),
  ('business', 'Business', 3000, 500, 5000000, '2026-11-26T00:00:00.000+00:00'),
  ('unlimited', 'Unlimited (internal)', NULL, NULL, NULL, '2026-11-26T00:00:00.000+00:00');
