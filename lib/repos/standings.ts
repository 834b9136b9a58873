import type { Db } from "../platform/db";
import { c, columns, type RowOf } from "../platform/db/columns";
import { dialect, sqlRows, statement, type Dialect, type Statement } from "../platform/db/sql";
import { CURRENT_EDITION_OF } from "./competitions";

/**
 * A standings row. The table is maintained by lib/sports/standings.ts: `points` already includes
 * `adjustment`, and `adjustmentNote` is stored, so the read computes nothing.
 */
export const STANDING = columns(
  c.int("id", 's."id"'),
  c.int("editionId", 's."editionId"'),
  c.text("group", 's."group"'),
  c.int("teamId", 's."teamId"'),
  c.text("teamName", 't."name"'),
  c.int("position", 's."position"'),
  c.int("played", 's."played"'),
  c.int("won", 's."won"'),
  c.int("drawn", 's."drawn"'),
  c.int("lost", 's."lost"'),
  c.int("goalsFor", 's."goalsFor"'),
  c.int("goalsAgainst", 's."goalsAgainst"'),
  c.int("goalDifference", 's."goalDifference"'),
  c.int("points", 's."points"'),
  c.int("adjustment", 's."adjustment"'),
  c.textOrNull("adjustmentNote", 's."adjustmentNote"'),
  c.text("form", 's."form"'),
  c.iso("updatedAt", 's."updatedAt"'),
);
export type StandingTuple = RowOf<typeof STANDING.cols>;

/**
 * One statement per table, the team's name joined by primary key, read in table order off
 * (editionId, group, position) (the id tie-breaker is the index's row id on SQLite, an
 * incremental sort of equal positions on PostgreSQL). Built from fixed fragments: four shapes.
 */
const table = (scope: "edition" | "competition", byGroup: boolean) =>
  statement(
    (d: Dialect) =>
      `SELECT ${STANDING.list(d)} FROM "standings" s JOIN "teams" t ON t."id" = s."teamId" ` +
      `WHERE s."editionId" = ${scope === "edition" ? "?" : CURRENT_EDITION_OF}${byGroup ? ` AND s."group" = ?` : ""} ` +
      `ORDER BY s."group", s."position", s."id"`,
  );
const TABLES: Record<"edition" | "competition", [Statement, Statement]> = {
  edition: [table("edition", false), table("edition", true)],
  competition: [table("competition", false), table("competition", true)],
};

async function read(db: Db, stmt: Statement, params: (string | number)[]): Promise<StandingTuple[]> {
  return STANDING.rows(dialect(db), await sqlRows(db, stmt, params));
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
