-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "suspendedAt" TIMESTAMP(3),
ADD COLUMN     "suspendedReason" TEXT;

-- CreateTable
CREATE TABLE "plans" (
    "name" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "ratePerMinute" INTEGER,
    "burst" INTEGER,
    "monthlyUnits" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("name")
);

-- Seed the catalogue with the built-in plans (lib/plans.ts BUILT_IN).
INSERT INTO "plans" ("name", "label", "ratePerMinute", "burst", "monthlyUnits", "updatedAt") VALUES
  ('free', 'Free', 60, 20, 10000, CURRENT_TIMESTAMP),
  ('pro', 'Pro', 600, 100, 500000, CURRENT_TIMESTAMP),
  ('business', 'Business', 3000, 500, 5000000, CURRENT_TIMESTAMP),
  ('unlimited', 'Unlimited (internal)', NULL, NULL, NULL, CURRENT_TIMESTAMP);
