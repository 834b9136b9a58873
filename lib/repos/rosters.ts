import type { Db } from "../platform/db";
import { c, columns, type RowOf } from "../platform/db/columns";
import { sqlRows, statement, type SqlParam, type Statement } from "../platform/db/sql";

/** A roster entry with its person's and its team's names. */
export const ROSTER = columns(
  c.int("id", 'r."id"'),
  c.int("editionId", 'r."editionId"'),
  c.intOrNull("teamId", 'r."teamId"'),
  c.int("personId", 'r."personId"'),
  c.text("personName", 'p."name"'),
  c.intOrNull("shirtNumber", 'r."shirtNumber"'),
  c.textOrNull("position", 'r."position"'),
  c.text("role", 'r."role"'),
  c.textOrNull("teamName", 't."name"'),
);
export type RosterTuple = RowOf<typeof ROSTER.cols>;

export interface RosterFilter {
  editionId?: number;
  teamId?: number;
  personId?: number;
}

/**
 * The statement of one combination of filters (seven shapes, each prepared once), built from fixed
 * fragments. Indexes: unique (editionId, personId) and (teamId, editionId). Without an edition,
 * a person's entries are found by one seek per edition on (editionId, personId) — `editionId IN
 * (editions)`, a small table — instead of a scan of every roster entry (there is no personId
 * index); every entry's edition exists (foreign key, cascading delete).
 */
function shape(f: RosterFilter): Statement {
  const parts: string[] = [];
  if (f.editionId !== undefined) parts.push(`r."editionId" = ?`);
  else if (f.personId !== undefined) parts.push(`r."editionId" IN (SELECT "id" FROM "editions")`);
  if (f.teamId !== undefined) parts.push(`r."teamId" = ?`);
  if (f.personId !== undefined) parts.push(`r."personId" = ?`);
  return statement(
    (d) =>
      `SELECT ${ROSTER.list(d)} ` +
      `FROM "roster_entries" r JOIN "persons" p ON p."id" = r."personId" LEFT JOIN "teams" t ON t."id" = r."teamId" ` +
      `WHERE ${parts.join(" AND ")} ORDER BY r."editionId", r."teamId", r."id"`,
  );
}

const shapes = new Map<number, Statement>();

/** Entries matching every given filter (at least one), by edition, team, id; the person's name joined. */
export async function listRosterEntries(db: Db, f: RosterFilter): Promise<RosterTuple[]> {
  const key =
    (f.editionId !== undefined ? 1 : 0) |
    (f.teamId !== undefined ? 2 : 0) |
    (f.personId !== undefined ? 4 : 0);
  if (key === 0) throw new Error("listRosterEntries needs a filter");
  let stmt = shapes.get(key);
  if (!stmt) shapes.set(key, (stmt = shape(f)));
  const params: SqlParam[] = [];
  for (const v of [f.editionId, f.teamId, f.personId]) if (v !== undefined) params.push(v);
  return (await sqlRows(db, stmt, params)) as RosterTuple[];
}
