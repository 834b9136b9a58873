/** The international importer's goals: scorers as persons, goal events, player stats, rosters. */
import { insertRows, type Cell } from "../../platform/db/bulk";
import type { DbOrTx } from "../../platform/db/client";
import type { Provider } from "../../platform/db/config";

const jsonIds = (ids: number[]) => JSON.stringify(ids);
/** The ids in a JSON array parameter, as a subquery. */
const idList = (provider: Provider, n: number) =>
  provider === "sqlite"
    ? `(SELECT value FROM json_each(?))`
    : `(SELECT json_array_elements_text($${n}::json)::int)`;

/** Runs a statement whose only parameter, the JSON id list, may appear several times. */
const exec = (db: DbOrTx, provider: Provider, sql: string, ids: string) =>
  db.$executeRawUnsafe(
    sql,
    ...(provider === "sqlite" ? Array(sql.split("json_each(?)").length - 1).fill(ids) : [ids]),
  );

/** Persons whose externalRef starts with `prefix`. */
export function personsByRefPrefix(db: DbOrTx, prefix: string) {
  return db.person.findMany({
    where: { externalRef: { startsWith: prefix } },
    select: { id: true, externalRef: true },
  });
}

/** Persons on the rosters of these teams (any edition): another source's scorers. */
export function rosteredOfTeams(db: DbOrTx, teamIds: number[]) {
  return db.rosterEntry.findMany({
    where: { teamId: { in: teamIds } },
    select: { teamId: true, person: { select: { id: true, nameNormalized: true } } },
  });
}

export async function insertPersons(
  db: DbOrTx,
  provider: Provider,
  rows: Array<{ name: string; normalized: string; first: string | null; last: string; ref: string }>,
) {
  const made = await insertRows<{ id: number; externalRef: string }>(
    db,
    provider,
    "persons",
    [
      ["name", "text"],
      ["nameNormalized", "text"],
      ["firstName", "text"],
      ["lastName", "text"],
      ["sport", "text"],
      ["externalRef", "text"],
    ],
    rows.map((r) => [r.name, r.normalized, r.first, r.last, "football", r.ref]),
    `RETURNING "id", "externalRef"`,
  );
  return made.map((m) => ({ id: Number(m.id), externalRef: m.externalRef }));
}

export const insertNameTokens = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(
    db,
    provider,
    "person_name_tokens",
    [
      ["token", "text"],
      ["personId", "int"],
    ],
    rows,
    `ON CONFLICT DO NOTHING`,
  );

/** Goal events; returns their ids by externalId. */
export async function insertEvents(db: DbOrTx, provider: Provider, rows: Cell[][]) {
  const made = await insertRows<{ id: number; externalId: string }>(
    db,
    provider,
    "match_events",
    [
      ["contestId", "int"],
      ["type", "text"],
      ["sequence", "int"],
      ["minute", "int"],
      ["teamId", "int"],
      ["personId", "int"],
      ["personName", "text"],
      ["penalty", "bool"],
      ["ownGoal", "bool"],
      ["source", "text"],
      ["externalId", "text"],
      ["updatedAt", "time"],
    ],
    rows,
    `RETURNING "id", "externalId"`,
  );
  return new Map(made.map((m) => [m.externalId, Number(m.id)]));
}

export const insertContestStats = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(
    db,
    provider,
    "person_contest_stats",
    [
      ["contestId", "int"],
      ["personId", "int"],
      ["teamId", "int"],
      ["stat", "text"],
      ["value", "int"],
    ],
    rows,
  );

export const insertRosterEntries = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(
    db,
    provider,
    "roster_entries",
    [
      ["editionId", "int"],
      ["teamId", "int"],
      ["personId", "int"],
      ["role", "text"],
    ],
    rows,
    `ON CONFLICT DO NOTHING`,
  );

/**
 * The stat-board aggregates of many editions at once (the set-based form of rebuildEditionStats in
 * lib/sports/store/stats.ts, for an import that touches thousands of editions).
 */
export async function rebuildStatsOf(db: DbOrTx, provider: Provider, editionIds: number[]) {
  if (!editionIds.length) return;
  const eds = jsonIds(editionIds);
  await exec(
    db,
    provider,
    `DELETE FROM "person_edition_stats" WHERE "editionId" IN ${idList(provider, 1)}`,
    eds,
  );
  await exec(
    db,
    provider,
    `INSERT INTO "person_edition_stats" ("editionId", "personId", "teamId", "stat", "value", "contests")
     SELECT c."editionId", s."personId",
       COALESCE((SELECT r."teamId" FROM "roster_entries" r WHERE r."editionId" = c."editionId" AND r."personId" = s."personId"), MAX(s."teamId")),
       s."stat", SUM(s."value"), COUNT(*)
     FROM "person_contest_stats" s JOIN "contests" c ON c."id" = s."contestId"
     WHERE c."editionId" IN ${idList(provider, 1)}
     GROUP BY c."editionId", s."personId", s."stat"`,
    eds,
  );
  await exec(
    db,
    provider,
    `DELETE FROM "edition_stat_names" WHERE "editionId" IN ${idList(provider, 1)}`,
    eds,
  );
  await exec(
    db,
    provider,
    `INSERT INTO "edition_stat_names" ("editionId", "competitionId", "stat")
     SELECT DISTINCT s."editionId", e."competitionId", s."stat" FROM "person_edition_stats" s
     JOIN "editions" e ON e."id" = s."editionId" WHERE s."editionId" IN ${idList(provider, 1)}`,
    eds,
  );
  const comps = `(SELECT DISTINCT "competitionId" FROM "editions" WHERE "id" IN ${idList(provider, 1)})`;
  await exec(db, provider, `DELETE FROM "competition_person_stats" WHERE "competitionId" IN ${comps}`, eds);
  await exec(
    db,
    provider,
    `INSERT INTO "competition_person_stats" ("competitionId", "stat", "personId", "teamId", "value", "contests")
     SELECT e."competitionId", s."stat", s."personId", MAX(s."teamId"), SUM(s."value"), SUM(s."contests")
     FROM "person_edition_stats" s JOIN "editions" e ON e."id" = s."editionId"
     WHERE e."competitionId" IN ${comps}
     GROUP BY e."competitionId", s."stat", s."personId"`,
    eds,
  );
}
