import type Database from "better-sqlite3";
import { preparedOnce } from "../../platform/db/prepared";
import { sqliteDateTime as at } from "../../platform/db/config";
import { resourceOf } from "../../events/types";
import { oddsKey, planOdds, type OddsBook, type StoredPoint } from "../../importers/odds-plan";
import type { StoredAnswer } from "../idempotency";
import { STATLINE_SOURCE, statlineContestId } from "../mapping";
import { oddsMoves, outcomeKey, type LastPrice } from "../odds-moves";
import {
  booksByCompetition,
  oddsAnswer,
  type OddsContest,
  type OddsCounts,
  type OddsLine,
} from "../odds-batch";

/**
 * An odds batch on SQLite, written on the ingest writer thread (lib/ingest/store/odds-thread.ts)
 * with statements prepared once per connection: the same rows, change-feed entry, stored answer
 * and odds data version as the Prisma path (lib/ingest/odds.ts writeOdds, then bumpDataVersion),
 * in one `BEGIN IMMEDIATE` transaction. Through Prisma on the event loop, better-sqlite3's statements
 * and commits took 13% of the serving thread (Prisma 5% more) during the ingest bench's odds run,
 * and the /v1 readers' p99 was 4.6x their no-ingest figure; with this thread, 1.5x (short runs at
 * load average 15-16). DateTime values are Prisma's own SQLite text, so Prisma reads them back.
 */
const SQL = {
  mapping: `SELECT "targetId" FROM "ingest_mappings" WHERE "source" = ? AND "kind" = 'contest' AND "externalId" = ?`,
  contest: `SELECT e."competitionId" FROM "contests" c JOIN "editions" e ON e."id" = c."editionId" WHERE c."id" = ?`,
  persons: `SELECT "side", "personId" FROM "contest_participants" WHERE "contestId" = ? AND "personId" IS NOT NULL`,
  points: `SELECT "id", "bookmaker", "market", "selection", "line", "isClosing", "price" FROM "odds_points"
    WHERE "contestId" = ? AND "observedAt" = ?`,
  insert: `INSERT INTO "odds_points" ("contestId", "personId", "bookmaker", "market", "selection", "line", "price", "observedAt", "isClosing")
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  reprice: `UPDATE "odds_points" SET "price" = ? WHERE "id" = ?`,
  takeIds: `UPDATE "change_sequence" SET "value" = "value" + ? WHERE "id" = 1 RETURNING "value"`,
  change: `INSERT INTO "changes" ("id", "at", "type", "resource", "resourceId", "competitionId", "contestId", "data", "magnitude")
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  latest: `SELECT "bookmaker", "market", "selection", "line", "price", "observedAt" FROM (
      SELECT o.*, ROW_NUMBER() OVER (PARTITION BY "bookmaker", "market", "selection", "line"
        ORDER BY "observedAt" DESC, "id" DESC) AS "rn"
      FROM "odds_points" o WHERE "contestId" = ?) s WHERE s."rn" = 1`,
  expired: `DELETE FROM "ingest_idempotency" WHERE "keyId" = ? AND "idemKey" = ? AND "expiresAt" <= ?`,
  answered: `SELECT 1 FROM "ingest_idempotency" WHERE "keyId" = ? AND "idemKey" = ? AND "expiresAt" > ?`,
  answer: `INSERT INTO "ingest_idempotency" ("keyId", "idemKey", "requestHash", "status", "body", "createdAt", "expiresAt")
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  version: `INSERT INTO "system_state" ("key", "value", "updatedAt") VALUES (?, ?, ?)
    ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updatedAt" = excluded."updatedAt"`,
} as const;

const prepared = preparedOnce(SQL);
type Prepared = ReturnType<typeof prepared>;

export interface OddsWriteRequest {
  source: string;
  lines: OddsLine[];
  /** The request's Idempotency-Key record: its answer is stored in this transaction. */
  idem: { keyId: string; idemKey: string; hash: string; expiresAt: number };
  /** The odds data version's row and new value (lib/events/data-version.ts), set when a point changed. */
  version: { key: string; value: string };
  now: number;
  /** ODDS_MOVED_MIN_PP: the smallest move recorded as odds.moved. */
  movedMinPp: number;
}

export type OddsWriteResult =
  | { kind: "written"; answer: StoredAnswer; changed: boolean; head: number | null }
  /** Line `index` names a contest the source never upserted: nothing written. */
  | { kind: "unknown_contest"; index: number; contest: string }
  /** A concurrent twin under the same Idempotency-Key committed first: nothing written. */
  | { kind: "answered" };

/** The contests the lines name, or the first line whose contest is unknown. */
function resolveContests(p: Prepared, source: string, lines: OddsLine[]) {
  const contests = new Map<string, OddsContest>();
  for (const [index, l] of lines.entries()) {
    if (contests.has(l.contest)) continue;
    const id =
      source === STATLINE_SOURCE
        ? statlineContestId(l.contest)
        : Number((p.mapping.get(source, l.contest) as { targetId: string } | undefined)?.targetId ?? 0);
    const row = id ? (p.contest.get(id) as { competitionId: number } | undefined) : undefined;
    if (!row) return { index, contest: l.contest };
    const persons = new Map(
      (p.persons.all(id) as Array<{ side: string; personId: number }>).map((r) => [r.side, r.personId]),
    );
    contests.set(l.contest, { id, competitionId: row.competitionId, persons });
  }
  return contests;
}

/** The stored points at the batch's (contest, observation time) pairs: an index seek each. */
function storedPoints(p: Prepared, books: OddsBook[]): Map<string, StoredPoint> {
  const have = new Map<string, StoredPoint>();
  for (const { contestId, odds } of books) {
    const times = new Map(odds.map((o) => [o.observedAt.getTime(), o.observedAt]));
    for (const observedAt of times.values())
      for (const r of p.points.all(contestId, at(observedAt)) as Array<{
        id: number;
        bookmaker: string;
        market: string;
        selection: string;
        line: number | null;
        isClosing: number;
        price: number;
      }>)
        have.set(oddsKey(contestId, { ...r, observedAt, isClosing: r.isClosing === 1 }), {
          id: r.id,
          price: r.price,
        });
  }
  return have;
}

/**
 * Each contest's latest price per outcome, the baseline of odds.moved, kept by the writer thread
 * (the only writer of ingested odds on SQLite): read once per contest and then advanced by each
 * committed batch, so a batch computes its moves without a query per price. An entry is re-read
 * after LATEST_TTL_MS, which picks up prices another path (an import) wrote meanwhile.
 */
const LATEST_TTL_MS = 60_000;
const LATEST_CONTESTS = 5000;
/** A stored DateTime: Prisma's "…+00:00" text, zone-less text (UTC) or epoch milliseconds. */
const epochMs = (v: string | number) =>
  typeof v === "number" ? v : Date.parse(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(v) ? v : `${v.replace(" ", "T")}Z`);
const latestCache = new WeakMap<
  Database.Database,
  Map<number, { loaded: number; prices: Map<string, LastPrice> }>
>();

function latestPrices(conn: Database.Database, p: Prepared, contestId: number, now: number) {
  let cache = latestCache.get(conn);
  if (!cache) latestCache.set(conn, (cache = new Map()));
  const hit = cache.get(contestId);
  if (hit && now - hit.loaded < LATEST_TTL_MS) return hit;
  const prices = new Map<string, LastPrice>();
  for (const r of p.latest.all(contestId) as Array<{
    bookmaker: string;
    market: string;
    selection: string;
    line: number | null;
    price: number;
    observedAt: string | number;
  }>)
    prices.set(outcomeKey(r), { price: r.price, at: epochMs(r.observedAt) });
  const entry = { loaded: now, prices };
  cache.delete(contestId);
  cache.set(contestId, entry);
  if (cache.size > LATEST_CONTESTS) cache.delete(cache.keys().next().value!);
  return entry;
}

export function writeOddsSqlite(conn: Database.Database, req: OddsWriteRequest): OddsWriteResult {
  const p = prepared(conn);
  const now = at(req.now);
  // The baselines advance only once the batch committed.
  const advance: Array<() => void> = [];
  const write = (): OddsWriteResult => {
    const { keyId, idemKey, hash, expiresAt } = req.idem;
    if (p.answered.get(keyId, idemKey, now)) return { kind: "answered" };
    const contests = resolveContests(p, req.source, req.lines);
    if (!(contests instanceof Map)) return { kind: "unknown_contest", ...contests };
    const totals: OddsCounts = { imported: 0, updated: 0, unchanged: 0 };
    let head: number | null = null;
    for (const { competitionId, books } of booksByCompetition(req.lines, contests)) {
      const plan = planOdds(competitionId, books, storedPoints(p, books));
      for (const book of books) {
        const entry = latestPrices(conn, p, book.contestId, req.now);
        const moved = oddsMoves(competitionId, book, entry.prices, req.movedMinPp);
        if (moved.change) plan.changes.push(moved.change);
        advance.push(() => moved.latest.forEach((v, k) => entry.prices.set(k, v)));
      }
      for (const o of plan.create)
        p.insert.run(
          o.contestId,
          o.personId ?? null,
          o.bookmaker,
          o.market,
          o.selection,
          o.line,
          o.price,
          at(o.observedAt),
          o.isClosing ? 1 : 0,
        );
      for (const u of plan.repriced) p.reprice.run(u.price, u.id);
      if (plan.changes.length) {
        const last = Number((p.takeIds.get(plan.changes.length) as { value: number }).value);
        let id = last - plan.changes.length + 1;
        for (const c of plan.changes)
          p.change.run(
            id++,
            now,
            c.type,
            resourceOf(c.type),
            c.resourceId,
            c.competitionId,
            c.contestId,
            JSON.stringify(c.data),
            c.magnitude ?? null,
          );
        head = last;
      }
      totals.imported += plan.counts.imported;
      totals.updated += plan.counts.updated;
      totals.unchanged += plan.counts.unchanged;
    }
    const result = oddsAnswer(req.lines.length, totals);
    const answer = { status: result.status, body: JSON.stringify({ data: result.data }) };
    p.expired.run(keyId, idemKey, now);
    p.answer.run(keyId, idemKey, hash, answer.status, answer.body, now, at(expiresAt));
    if (result.changed) p.version.run(req.version.key, req.version.value, now);
    return { kind: "written", answer, changed: result.changed, head };
  };
  const result = conn.transaction(write).immediate();
  for (const f of advance) f();
  return result;
}
