/** The change feed's SQL: the sequence, the changes table and the prune mark in system_state. */
import type { Db, DbOrTx } from "../platform/db/client";
import { dialect, sqlRows, statement, type Dialect, type SqlParam, type SqlRow } from "../platform/db/sql";
import { chunks } from "../platform/util/chunks";
import { insertRows, type Column } from "../platform/db/bulk";
import type { Provider } from "../platform/db/config";

const PRUNED_KEY = "changes_pruned_through";

/** A row of the changes table as recordChanges writes it. */
export interface ChangeRow {
  id: number;
  at: Date;
  type: string;
  resource: string;
  resourceId: number | null;
  competitionId: number | null;
  contestId: number | null;
  data: string;
  accountId: string | null;
  replayId: string | null;
  magnitude: number | null;
}

/**
 * Takes `n` ids from change_sequence; returns the first. The UPDATE locks the sequence row until
 * the caller's transaction ends, so a later writer gets larger ids and commits later: ids follow
 * commit order on PostgreSQL too, and a reader that saw id k has also seen every id below k.
 */
export async function takeChangeIds(db: DbOrTx, n: number): Promise<number> {
  const rows = await db.$queryRaw<Array<{ value: number | bigint }>>`
    UPDATE "change_sequence" SET "value" = "value" + ${n} WHERE "id" = 1 RETURNING "value"`;
  if (!rows.length) throw new Error("change_sequence has no row 1: run the migrations");
  return Number(rows[0].value) - n + 1;
}

/** With the provider known, one JSON-parameter statement per few thousand rows (lib/platform/db/bulk.ts). */
export async function insertChanges(db: DbOrTx, rows: ChangeRow[], provider?: Provider): Promise<void> {
  if (provider) {
    await insertRows(
      db,
      provider,
      "changes",
      CHANGE_COLUMNS,
      rows.map((r) => CHANGE_COLUMNS.map(([c]) => r[c as keyof ChangeRow])),
    );
    return;
  }
  for (const batch of chunks(rows, 500)) await db.change.createMany({ data: batch });
}

const CHANGE_COLUMNS: Column[] = [
  ["id", "int"],
  ["at", "time"],
  ["type", "text"],
  ["resource", "text"],
  ["resourceId", "int"],
  ["competitionId", "int"],
  ["contestId", "int"],
  ["data", "text"],
  ["accountId", "text"],
  ["replayId", "text"],
];

/** The last committed change id: every id at or below it is visible (see recordChanges). */
export async function headId(db: DbOrTx): Promise<number> {
  return (await db.changeSequence.findUnique({ where: { id: 1 } }))?.value ?? 0;
}

/** When change `id` was written; null when it is not (or no longer) in the feed. */
export async function changeAt(db: Db, id: number): Promise<Date | null> {
  return (await db.change.findUnique({ where: { id }, select: { at: true } }))?.at ?? null;
}

const pruned = statement(() => `SELECT "value" FROM "system_state" WHERE "key" = ?`);

/** Highest id pruned so far: a position below it has lost changes. */
export async function prunedThrough(db: Db): Promise<number> {
  const rows = await sqlRows(db, pruned, [PRUNED_KEY]);
  return rows.length ? Number(rows[0][0]) : 0;
}

/** Which changes a page holds: the replays of `accountId` beside the real changes, or none. */
export interface PageFilter {
  types?: readonly string[];
  competitionId?: number;
  contestId?: number;
  accountId?: string;
  /** odds.moved only at or above this magnitude (percentage points). */
  oddsThresholdPp?: number;
}

/**
 * The head and up to `take` changes after `after` in one statement: the sequence row LEFT JOINed
 * to the changes it makes visible, so a page with no match still carries the head. (Through
 * Prisma the feed was three queries, ~870 µs of server CPU for a 100-change page on the bench.)
 */
function pageStatement(d: Dialect, filter: PageFilter, after: number, take: number): [string, SqlParam[]] {
  const params: SqlParam[] = [after];
  let cond = `c."id" > ? AND c."id" <= h."value"`;
  if (filter.accountId) {
    cond += ` AND (c."accountId" IS NULL OR c."accountId" = ?)`;
    params.push(filter.accountId);
  } else cond += ` AND c."accountId" IS NULL`;
  if (filter.types) {
    cond += ` AND c."type" IN (${filter.types.map(() => "?").join(", ")})`;
    params.push(...filter.types);
  }
  if (filter.competitionId) {
    cond += ` AND c."competitionId" = ?`;
    params.push(filter.competitionId);
  }
  if (filter.contestId) {
    cond += ` AND c."contestId" = ?`;
    params.push(filter.contestId);
  }
  if (filter.oddsThresholdPp !== undefined) {
    cond += ` AND (c."type" <> 'odds.moved' OR c."magnitude" >= ?)`;
    params.push(filter.oddsThresholdPp);
  }
  params.push(take);
  const text =
    `SELECT h."value", c."id", c."type", c."resource", c."resourceId", c."competitionId", c."contestId", ` +
    `${d.iso('c."at"')}, c."data", c."replayId" FROM "change_sequence" h LEFT JOIN "changes" c ON ${cond} ` +
    `WHERE h."id" = 1 ORDER BY c."id" LIMIT ${d.limit}`;
  return [text, params];
}

/**
 * Rows [head, id, type, resource, resourceId, competitionId, contestId, at (ISO-8601 UTC), data
 * (JSON text), replayId]; a page with no change is one row of the head and nulls.
 */
export async function changePageRows(
  db: Db,
  after: number,
  filter: PageFilter,
  take: number,
): Promise<SqlRow[]> {
  const d = dialect(db);
  const [text, params] = pageStatement(d, filter, after, take);
  const rows = await sqlRows(db, text, params);
  for (const r of rows) if (r[1] !== null) r[7] = d.isoValue(r[7]);
  return rows;
}

/**
 * Deletes the oldest changes: every id below the first one recorded at or after `before`. The
 * feed is append-only by id, so pruning only ever cuts a prefix: a change recorded within the
 * retention keeps itself and every later id. Records the highest id deleted.
 */
export async function deleteChangesBefore(db: Db, before: Date): Promise<number> {
  const first = await db.change.findFirst({
    where: { at: { gte: before } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  const last = await db.change.findFirst({
    where: first ? { id: { lt: first.id } } : {},
    orderBy: { id: "desc" },
    select: { id: true },
  });
  if (!last) return 0;
  return db.$transaction(async (tx) => {
    const { count } = await tx.change.deleteMany({ where: { id: { lte: last.id } } });
    await tx.systemState.upsert({
      where: { key: PRUNED_KEY },
      create: { key: PRUNED_KEY, value: String(last.id) },
      update: { value: String(last.id) },
    });
    return count;
  });
}

/** Sets a system_state row (the data-changed versions, lib/events/data-version.ts). */
export async function setSystemState(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.systemState.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/** The system_state rows of `keys` that exist, as key -> value. */
export async function systemStates(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.systemState.findMany({ where: { key: { in: keys } } });
  return new Map(rows.map((r) => [r.key, r.value]));
}
