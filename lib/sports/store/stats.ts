import type { DbOrTx } from "../../platform/db/client";

/**
 * The stat-board's precomputed aggregates, maintained after every write to an edition's contest
 * stats: importers and the seed call this one function (nothing else writes these tables).
 *
 * Maintains PersonEditionStat (season totals that feed the stat-board) from PersonContestStat,
 * then the edition's stat names and its competition's totals over all editions
 * (rebuildCompetitionStats), so every stat-board request is an index read.
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
  await refreshBoardAggregates(db, editionId);
  return upserted + deleted;
}

/**
 * EditionStatName of the edition and CompetitionPersonStat of its competition, rebuilt whole
 * (delete + insert, set-based): a competition has a few editions and their totals, far fewer
 * rows than the contest stats the edition totals come from. Called by rebuildEditionStats; call
 * it directly only after writing PersonEditionStat rows some other way (test fixtures).
 */
export async function refreshBoardAggregates(db: DbOrTx, editionId: number): Promise<number> {
  const edition = await db.edition.findUnique({ where: { id: editionId }, select: { competitionId: true } });
  if (!edition) return 0;
  const { competitionId } = edition;
  await db.$executeRaw`DELETE FROM "edition_stat_names" WHERE "editionId" = ${editionId}`;
  await db.$executeRaw`
    INSERT INTO "edition_stat_names" ("editionId", "competitionId", "stat")
    SELECT DISTINCT "editionId", CAST(${competitionId} AS INTEGER), "stat" FROM "person_edition_stats" WHERE "editionId" = ${editionId}`;
  await db.$executeRaw`DELETE FROM "competition_person_stats" WHERE "competitionId" = ${competitionId}`;
  return db.$executeRaw`
    INSERT INTO "competition_person_stats" ("competitionId", "stat", "personId", "teamId", "value", "contests")
    SELECT e."competitionId", s."stat", s."personId",
      (SELECT s2."teamId" FROM "person_edition_stats" s2 JOIN "editions" e2 ON e2."id" = s2."editionId"
        WHERE e2."competitionId" = e."competitionId" AND s2."personId" = s."personId" AND s2."stat" = s."stat"
        ORDER BY e2."startDate" DESC, e2."id" DESC LIMIT 1),
      SUM(s."value"), SUM(s."contests")
    FROM "person_edition_stats" s JOIN "editions" e ON e."id" = s."editionId"
    WHERE e."competitionId" = CAST(${competitionId} AS INTEGER)
    GROUP BY e."competitionId", s."stat", s."personId"`;
}
