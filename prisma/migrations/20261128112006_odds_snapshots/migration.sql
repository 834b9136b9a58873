-- CreateTable
CREATE TABLE "odds_snapshots" (
    "pointId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "contestId" INTEGER NOT NULL,
    "market" TEXT NOT NULL,
    "bookmaker" TEXT NOT NULL,
    "selection" TEXT NOT NULL,
    "line" REAL,
    "isClosing" BOOLEAN NOT NULL,
    "observedAt" DATETIME NOT NULL,
    CONSTRAINT "odds_snapshots_pointId_fkey" FOREIGN KEY ("pointId") REFERENCES "odds_points" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "odds_snapshots_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "contests" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "odds_snapshots_contestId_market_bookmaker_selection_idx" ON "odds_snapshots"("contestId", "market", "bookmaker", "selection");

-- Derived: each outcome's early point (first observed of those not flagged closing, lowest id on a
-- tie) and closing point (last observed of those flagged closing, highest id on a tie), kept by
-- this trigger for every writer. A point that beats the stored one replaces it, otherwise the
-- stored one stays. Odds points never change their key, time or flag after insert.
CREATE TRIGGER "odds_points_snapshot" AFTER INSERT ON "odds_points" BEGIN
    DELETE FROM "odds_snapshots" WHERE "contestId" = NEW."contestId" AND "market" = NEW."market"
        AND "bookmaker" = NEW."bookmaker" AND "selection" = NEW."selection" AND "line" IS NEW."line"
        AND "isClosing" = NEW."isClosing"
        AND (CASE WHEN NEW."isClosing" THEN NEW."observedAt" >= "observedAt" ELSE NEW."observedAt" < "observedAt" END);
    INSERT INTO "odds_snapshots" ("pointId", "contestId", "market", "bookmaker", "selection", "line", "isClosing", "observedAt")
        SELECT NEW."id", NEW."contestId", NEW."market", NEW."bookmaker", NEW."selection", NEW."line", NEW."isClosing", NEW."observedAt"
        WHERE NOT EXISTS (SELECT 1 FROM "odds_snapshots" s WHERE s."contestId" = NEW."contestId" AND s."market" = NEW."market"
            AND s."bookmaker" = NEW."bookmaker" AND s."selection" = NEW."selection" AND s."line" IS NEW."line"
            AND s."isClosing" = NEW."isClosing");
END;

-- The points already stored: each outcome's first or last observation time, then the lowest or
-- highest id at that time.
INSERT INTO "odds_snapshots" ("pointId", "contestId", "market", "bookmaker", "selection", "line", "isClosing", "observedAt")
SELECT o."id", o."contestId", o."market", o."bookmaker", o."selection", o."line", o."isClosing", o."observedAt"
FROM "odds_points" o JOIN (
    SELECT CASE WHEN b."isClosing" THEN MAX(b."id") ELSE MIN(b."id") END AS "id"
    FROM "odds_points" b JOIN (
        SELECT "contestId", "market", "bookmaker", "selection", "line", "isClosing",
            CASE WHEN "isClosing" THEN MAX("observedAt") ELSE MIN("observedAt") END AS "t"
        FROM "odds_points" GROUP BY "contestId", "market", "bookmaker", "selection", "line", "isClosing"
    ) k ON b."contestId" = k."contestId" AND b."observedAt" = k."t" AND b."market" = k."market"
        AND b."bookmaker" = k."bookmaker" AND b."selection" = k."selection" AND b."line" IS k."line"
        AND b."isClosing" = k."isClosing"
    GROUP BY b."contestId", b."market", b."bookmaker", b."selection", b."line", b."isClosing"
) w ON w."id" = o."id";
