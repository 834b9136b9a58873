import type { DbOrTx } from "./db";

/**
 * Maintains PersonEditionStat (season totals that feed the stat-board) from PersonContestStat.
 * Set-based SQL that both SQLite and PostgreSQL accept: an upsert of the aggregates, touching only
 * rows whose totals changed (ids stay stable), then removal of totals with no contest rows left.
 * The team is the person's roster team in the edition, else the team of their contest rows.
 */
export async function rebuildEditionStats(db: DbOrTx, editionId: number): Promise<number> {
  const upserted = await db.$executeRaw`
    INSERT INTO "person_edition_stats" ("editionId", "personId", "teamId", "stat", "value", "contests")
    SELECT c."editionId", s."personId",
      COALESCE((SELECT r."teamId" FROM "roster_entries" r WHERE r."editionId" = c."editionId" AND r."personId" = s."personId"), MAX(s."teamId")),
      s."stat", SUM(s."value"), COUNT(*)
    FROM "person_contest_stats" s JOIN "contests" c ON c."id" = s."contestId"
    WHERE c."editionId" = ${editionId}
    GROUP BY c."editionId", s."personId", s."stat"
    ON CONFLICT ("editionId", "stat", "personId") DO UPDATE
      SET "value" = excluded."value", "contests" = excluded."contests", "teamId" = excluded."teamId"
      WHERE "person_edition_stats"."value" <> excluded."value"
        OR "person_edition_stats"."contests" <> excluded."contests"
        OR "person_edition_stats"."teamId" IS DISTINCT FROM excluded."teamId"`;
  const deleted = await db.$executeRaw`
    DELETE FROM "person_edition_stats" WHERE "editionId" = ${editionId} AND NOT EXISTS (
      SELECT 1 FROM "person_contest_stats" s JOIN "contests" c ON c."id" = s."contestId"
      WHERE c."editionId" = "person_edition_stats"."editionId"
        AND s."personId" = "person_edition_stats"."personId" AND s."stat" = "person_edition_stats"."stat")`;
  return upserted + deleted;
}
