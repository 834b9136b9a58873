/** Teams' SQL: the writers' (importers, the ingest API) and the /v1 reads'. */
import type { Prisma } from "../../generated/sqlite/client";
import type { Db, DbOrTx } from "../../platform/db/client";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { int, sqlRows, statement, type SqlRow, type Statement } from "../../platform/db/sql";

/** Every team's id, name and country, in id order. */
export function listTeams(db: DbOrTx) {
  return db.team.findMany({ select: { id: true, name: true, country: true }, orderBy: { id: "asc" } });
}

/** The operators' team aliases (normalised key -> team). */
export function listAliasKeys(db: DbOrTx) {
  return db.teamAlias.findMany({ select: { key: true, teamId: true } });
}

export function aliasByKey(db: DbOrTx, key: string) {
  return db.teamAlias.findUnique({ where: { key } });
}

/** Points the alias `key` at a team (created, or re-pointed with the new spelling). */
export function upsertAlias(db: DbOrTx, key: string, alias: string, teamId: number, createdBy: string) {
  return db.teamAlias.upsert({
    where: { key },
    create: { key, alias, teamId, createdBy },
    update: { alias, teamId, createdBy },
  });
}

/** One alias by id with its team's name (null when there is none). */
export function aliasWithTeam(db: DbOrTx, id: number) {
  return db.teamAlias.findUnique({ where: { id }, include: { team: { select: { name: true } } } });
}

export function deleteAlias(db: DbOrTx, id: number) {
  return db.teamAlias.delete({ where: { id } });
}

/** Operator aliases by spelling; `take` bounds the console's list (the CLI lists them all). */
export async function listTeamAliases(db: DbOrTx, take?: number) {
  const [items, total] = await Promise.all([
    db.teamAlias.findMany({
      orderBy: { alias: "asc" },
      take,
      select: { id: true, alias: true, createdBy: true, createdAt: true, team: { select: { name: true } } },
    }),
    db.teamAlias.count(),
  ]);
  return { items, total };
}

/** The teams that play a contest of the edition, once each. */
export function editionParticipantTeams(db: DbOrTx, editionId: number) {
  return db.contestParticipant.findMany({
    where: { contest: { editionId }, teamId: { not: null } },
    select: { team: { select: { id: true, name: true } } },
    distinct: ["teamId"],
  });
}

export function setTeamCountry(db: DbOrTx, id: number, country: string) {
  return db.team.update({ where: { id }, data: { country } });
}

export function createTeam(db: DbOrTx, data: Prisma.TeamCreateInput) {
  return db.team.create({ data });
}

export const TEAM = columns(
  c.int("id", '"id"'),
  c.text("name", '"name"'),
  c.text("shortName", '"shortName"'),
  c.text("code", '"code"'),
  c.textOrNull("country", '"country"'),
  c.intOrNull("founded", '"founded"'),
  c.textOrNull("venue", '"venue"'),
  c.bool("demo", '"demo"'),
);
export type TeamTuple = RowOf<typeof TEAM.cols>;
/** A page's rows carry the total after the team's columns. */
const TOTAL = TEAM.cols.length;

export interface TeamsPage {
  rows: TeamTuple[];
  total: number;
}

const count = statement(() => `SELECT count(*) FROM "teams"`);

/**
 * The page carries the total as a scalar subquery, so a page is one statement; only a page past
 * the end, where no row carries the total, needs the count alone. (A one-row count LEFT JOINed to
 * the page would need no second statement, but materialising and re-sorting the page cost every
 * request ~10 µs more on the bench database than the scalar subquery.) Ordered by (demo, id):
 * imported teams before the generated demo teams, and stable, so the offset loop visits every row
 * exactly once.
 */
const page = statement(
  (d) =>
    `SELECT ${TEAM.list(d)}, (SELECT count(*) FROM "teams") FROM "teams" ORDER BY "demo", "id" LIMIT ${d.limit} OFFSET ${d.limit}`,
);

/** `q`: every word (accent-free, [0-9a-z]) a substring of the name; teams are few, a scan of their names. */
const matching = (words: number) =>
  Array.from({ length: words }, () => `"nameNormalized" LIKE ?`).join(" AND ");
const searches = new Map<number, { page: Statement; count: Statement }>();
function searchStatements(words: number) {
  let s = searches.get(words);
  if (!s) {
    const where = matching(words);
    s = {
      page: statement(
        (d) =>
          `SELECT ${TEAM.list(d)}, count(*) OVER () FROM "teams" WHERE ${where} ORDER BY "demo", "id" LIMIT ${d.limit} OFFSET ${d.limit}`,
      ),
      count: statement(() => `SELECT count(*) FROM "teams" WHERE ${where}`),
    };
    searches.set(words, s);
  }
  return s;
}

export async function listTeamPage(
  db: Db,
  limit: number,
  offset: number,
  words: string[] = [],
): Promise<TeamsPage> {
  const likes = words.map((w) => `%${w}%`);
  const search = words.length ? searchStatements(words.length) : { page, count };
  const rows = await sqlRows(db, search.page, [...likes, limit, offset]);
  let total = rows.length ? int(rows[0][TOTAL]) : 0;
  if (rows.length === 0 && offset > 0) total = int((await sqlRows(db, search.count, likes))[0][0]);
  return { rows: rows as unknown as TeamTuple[], total };
}

const byId = statement((d) => `SELECT ${TEAM.list(d)} FROM "teams" WHERE "id" = ?`);

/** One team's row, or null (also the existence check of the contests and rosters filters). */
export async function getTeam(db: Db, id: number): Promise<TeamTuple | null> {
  const rows: SqlRow[] = await sqlRows(db, byId, [id]);
  return (rows[0] as TeamTuple | undefined) ?? null;
}

const bySlug = statement(
  () => `SELECT "id" FROM "teams" WHERE "nameNormalized" = ? ORDER BY "demo", "id" LIMIT 1`,
);

/**
 * A team's id from its slug, the name lower-case and accent-free with hyphens ("bayern-munchen");
 * two teams of one spelling: the imported one, then the oldest. null when none has it.
 */
export async function teamIdBySlug(db: Db, slug: string): Promise<number | null> {
  const rows = await sqlRows(db, bySlug, [slug.replace(/-/g, " ")]);
  return rows.length ? Number(rows[0][0]) : null;
}
