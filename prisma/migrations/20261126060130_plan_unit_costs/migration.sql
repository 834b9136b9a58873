-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_plans" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "label" TEXT NOT NULL,
    "ratePerMinute" INTEGER,
    "burst" INTEGER,
    "monthlyUnits" INTEGER,
    "unitCosts" TEXT NOT NULL DEFAULT '{}',
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_plans" ("burst", "label", "monthlyUnits", "name", "ratePerMinute", "updatedAt") SELECT "burst", "label", "monthlyUnits", "name", "ratePerMinute", "updatedAt" FROM "plans";
DROP TABLE "plans";
ALTER TABLE "new_plans" RENAME TO "plans";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
