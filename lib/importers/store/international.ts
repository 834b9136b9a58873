/** The international results importer's SQL: set-based reads and bulk writes (lib/platform/db/bulk.ts). */
import { insertRows, type Cell, type Column } from "../../platform/db/bulk";
import type { DbOrTx } from "../../platform/db/client";
import type { Provider } from "../../platform/db/config";

const jsonIds = (ids: number[]) => JSON.stringify(ids);
/** The n-th parameter: PostgreSQL numbers them; SQLite (through Prisma's adapter) takes `?` in order. */
const param = (provider: Provider, n: number) => (provider === "sqlite" ? `?` : `$${n}`);
/** The ids in a JSON array parameter, as a subquery. */
const idList = (provider: Provider, n: number) =>
  provider === "sqlite"
    ? `(SELECT value FROM json_each(?))`
    : `(SELECT json_array_elements_text($${n}::json)::int)`;

/** Every edition of these competitions. */
export function editionsOf(db: DbOrTx, competitionIds: number[]) {
  return db.edition.findMany({
    where: { competitionId: { in: competitionIds } },
    select: { id: true, competitionId: true, name: true, startDate: true, endDate: true },
  });
}

export async function createEditions(
  db: DbOrTx,
  provider: Provider,
  rows: Array<{ competitionId: number; name: string; startDate: Date; endDate: Date }>,
) {
  const cols: Column[] = [
    ["competitionId", "int"],
    ["name", "text"],
    ["startDate", "time"],
    ["endDate", "time"],
    ["current", "bool"],
  ];
  return insertRows<{ id: number; competitionId: number; name: string }>(
    db,
    provider,
    "editions",
    cols,
    rows.map((r) => [r.competitionId, r.name, r.startDate, r.endDate, false]),
    `RETURNING "id", "competitionId", "name"`,
  );
}

/** A source's keys with their contests and facts. */
export function sourceRows(db: DbOrTx, source: string) {
  return db.contestSource.findMany({
    where: { source },
    select: { key: true, contestId: true, facts: true, seq: true },
  });
}

/** Which sources describe each of these contests. */
export function sourcesOfContests(db: DbOrTx, contestIds: number[]) {
  return db.contestSource.findMany({
    where: { contestId: { in: contestIds } },
    select: { contestId: true, source: true, key: true, facts: true },
  });
}

/** Contests of these editions that `source` does not describe yet, with their sides' teams. */
export async function unclaimedContests(
  db: DbOrTx,
  provider: Provider,
  editionIds: number[],
  source: string,
) {
  if (!editionIds.length) return [];
  const rows = await db.$queryRawUnsafe<
    Array<{ id: number; editionId: number; kickoffAt: Date | string; side: string; teamId: number | null }>
  >(
    `SELECT c."id", c."editionId", c."kickoffAt", p."side", p."teamId" FROM "contests" c
     JOIN "contest_participants" p ON p."contestId" = c."id"
     WHERE c."editionId" IN ${idList(provider, 1)}
       AND NOT EXISTS (SELECT 1 FROM "contest_sources" s WHERE s."contestId" = c."id" AND s."source" = ${param(provider, 2)})`,
    jsonIds(editionIds),
    source,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    editionId: Number(r.editionId),
    teamId: r.teamId === null ? null : Number(r.teamId),
  }));
}

export const insertFormerNames = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(
    db,
    provider,
    "team_former_names",
    [
      ["teamId", "int"],
      ["name", "text"],
      ["startDate", "time"],
      ["endDate", "time"],
    ],
    rows,
    `ON CONFLICT DO NOTHING`,
  );

const CONTEST_COLS: Column[] = [
  ["editionId", "int"],
  ["round", "text"],
  ["stage", "text"],
  ["status", "text"],
  ["kickoffAt", "time"],
  ["externalRef", "text"],
  ["decidedBy", "text"],
  ["city", "text"],
  ["country", "text"],
  ["neutral", "bool"],
  ["goalList", "bool"],
  ["firstShooter", "text"],
];

/** New contests; returns id by externalRef. */
export async function insertContests(db: DbOrTx, provider: Provider, rows: Cell[][]) {
  const made = await insertRows<{ id: number; externalRef: string }>(
    db,
    provider,
    "contests",
    CONTEST_COLS,
    rows,
    `RETURNING "id", "externalRef"`,
  );
  return new Map(made.map((m) => [m.externalRef, Number(m.id)]));
}

export const insertParticipants = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(
    db,
    provider,
    "contest_participants",
    [
      ["contestId", "int"],
      ["side", "text"],
      ["teamId", "int"],
      ["score", "int"],
      ["outcome", "text"],
      ["fullTimeScore", "int"],
      ["extraTimeScore", "int"],
      ["scoreDetail", "text"],
      ["teamName", "text"],
    ],
    rows,
  );

export const insertSources = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(
    db,
    provider,
    "contest_sources",
    [
      ["source", "text"],
      ["key", "text"],
      ["contestId", "int"],
      ["seq", "int"],
      ["facts", "text"],
    ],
    rows,
  );

/** Sets the contest's fields that are still null (another source created it without them). */
export async function fillContest(
  db: DbOrTx,
  id: number,
  data: {
    city: string | null;
    country: string | null;
    neutral: boolean;
    goalList: boolean;
    firstShooter: string | null;
  },
) {
  const have = await db.contest.findUniqueOrThrow({
    where: { id },
    select: { city: true, country: true, neutral: true, goalList: true, firstShooter: true },
  });
  const set = Object.fromEntries(
    Object.entries(data).filter(([k, v]) => v !== null && have[k as keyof typeof have] === null),
  );
  if (Object.keys(set).length) await db.contest.update({ where: { id }, data: set });
}
