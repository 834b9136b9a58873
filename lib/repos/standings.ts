import type { Db } from "../db";
import { dialect, sqlRows, statement, type Dialect, type Statement } from "../db/sql";
import { CURRENT_EDITION_OF } from "./competitions";

/**
 * A standings row: [id, editionId, group, teamId, teamName, position, played, won, drawn, lost,
 * goalsFor, goalsAgainst, goalDifference, points, adjustment, adjustmentNote, form, updatedAt
 * (ISO-8601 UTC text)]. The table is maintained by lib/sports/standings.ts: `points` already
 * includes `adjustment`, and `adjustmentNote` is stored, so the read computes nothing.
 */
export type StandingTuple = [
  number,
  number,
  string,
  number,
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  string | null,
  string,
  string,
];
const UPDATED_AT = 17;

/**
 * One statement per table, the team's name joined by primary key, read in table order off
 * (editionId, group, position) (the id tie-breaker is the index's row id on SQLite, an
 * incremental sort of equal positions on PostgreSQL). Built from fixed fragments: four shapes.
 */
const table = (scope: "edition" | "competition", byGroup: boolean) =>
  statement(
    (d: Dialect) =>
      `SELECT s."id", s."editionId", s."group", s."teamId", t."name", s."position", s."played", s."won", ` +
      `s."drawn", s."lost", s."goalsFor", s."goalsAgainst", s."goalDifference", s."points", s."adjustment", ` +
      `s."adjustmentNote", s."form", ${d.iso(`s."updatedAt"`)} ` +
      `FROM "standings" s JOIN "teams" t ON t."id" = s."teamId" ` +
      `WHERE s."editionId" = ${scope === "edition" ? "?" : CURRENT_EDITION_OF}${byGroup ? ` AND s."group" = ?` : ""} ` +
      `ORDER BY s."group", s."position", s."id"`,
  );
const TABLES: Record<"edition" | "competition", [Statement, Statement]> = {
  edition: [table("edition", false), table("edition", true)],
  competition: [table("competition", false), table("competition", true)],
};

async function read(db: Db, stmt: Statement, params: (string | number)[]): Promise<StandingTuple[]> {
  const d = dialect(db);
  const rows = await sqlRows(db, stmt, params);
  // Converted in place: the rows are this call's own arrays.
  for (const r of rows) r[UPDATED_AT] = d.isoValue(r[UPDATED_AT]);
  return rows as unknown as StandingTuple[];
}

/** An edition's table (one group of it), in (group, position, id) order. */
export function listStandings(db: Db, editionId: number, group?: string): Promise<StandingTuple[]> {
  const [all, one] = TABLES.edition;
  return group === undefined ? read(db, all, [editionId]) : read(db, one, [editionId, group]);
}

/**
 * The table of a competition's current edition (see lib/repos/competitions.ts currentEditionId),
 * found by a subquery of the same statement; rows carry the edition id. Empty both for an unknown
 * competition and for an edition without rows: the caller tells them apart when it must.
 */
export function listCurrentStandings(
  db: Db,
  competitionId: number,
  group?: string,
): Promise<StandingTuple[]> {
  const [all, one] = TABLES.competition;
  return group === undefined ? read(db, all, [competitionId]) : read(db, one, [competitionId, group]);
}
