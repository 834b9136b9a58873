import type { Provider } from "../platform/db/config";

/**
 * Which kinds of data an edition (or a whole competition) has, as six EXISTS columns appended to
 * the competitions' and editions' statements: results, events, lineups, team_stats, player_stats,
 * odds. Each probe walks the edition's contests on (editionId, kickoffAt) and stops at the first
 * contest with a row in the data's (contestId, ...) index, so a kind the edition has costs one
 * probe; a kind it lacks costs one probe per contest.
 */
export const COVERAGE_KINDS = ["results", "events", "lineups", "team_stats", "player_stats", "odds"] as const;

const PROBES: Record<(typeof COVERAGE_KINDS)[number], string> = {
  results: `k."status" = 'finished'`,
  events: `EXISTS (SELECT 1 FROM "match_events" x WHERE x."contestId" = k."id" AND x."deletedAt" IS NULL)`,
  lineups: `EXISTS (SELECT 1 FROM "lineup_entries" x WHERE x."contestId" = k."id")`,
  team_stats: `EXISTS (SELECT 1 FROM "team_contest_stats" x WHERE x."contestId" = k."id")`,
  player_stats: `EXISTS (SELECT 1 FROM "person_contest_stats" x WHERE x."contestId" = k."id")`,
  odds: `EXISTS (SELECT 1 FROM "odds_points" x WHERE x."contestId" = k."id")`,
};

/** The six columns for the editions matched by `editions` (SQL naming the edition ids, e.g. `= e."id"`). */
export const coverageColumns = (editions: string): string =>
  COVERAGE_KINDS.map(
    (k) => `EXISTS (SELECT 1 FROM "contests" k WHERE k."editionId" ${editions} AND ${PROBES[k]})`,
  ).join(", ");

/**
 * The six columns over every edition of the competition `c`. SQLite filters the contests by
 * `IN (its editions)` (110 µs for the 8 competitions of the bench database; the nested form below
 * took 230 µs). PostgreSQL estimated `editionId = ANY (...)` at half the contests and scanned
 * them sequentially in each of the 48 probes (10 ms per statement, EXPLAIN ANALYZE at bench scale
 * 1); probing edition by edition it walks the (editionId, kickoffAt) index (1.1 ms).
 */
export const competitionCoverageColumns = (provider: Provider): string =>
  provider === "postgresql"
    ? COVERAGE_KINDS.map(
        (k) =>
          `EXISTS (SELECT 1 FROM "editions" ce WHERE ce."competitionId" = c."id" AND ` +
          `EXISTS (SELECT 1 FROM "contests" k WHERE k."editionId" = ce."id" AND ${PROBES[k]}))`,
      ).join(", ")
    : coverageColumns(`IN (SELECT "id" FROM "editions" WHERE "competitionId" = c."id")`);
