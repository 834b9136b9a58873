import { z } from "zod";
import { contestExists } from "../../repos/contests";
import { T, type OddsFilter, type OddsScope, type OddsTuple } from "../../repos/odds";
import { personExists } from "../../repos/persons";
import { decodeCursor, encodeCursor, filtersHash } from "../cursor";
import { invalidParameter, notFound } from "../../platform/errors";
import { INTERVALS, MAX_SCAN, oddsPage, type Interval } from "../odds-paging";
import { q } from "../request";
import { jsonArray } from "../json";
import { rowWriter } from "../serialize";
import { dateTime, idField, iso, pathId, refField } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const ODDS_LIMIT_DEFAULT = 100;
export const ODDS_LIMIT_MAX = 1000;

export const OddsPoint = z.object({
  id: idField("odds point (stable)"),
  contest_id: idField("contest"),
  person_id: refField("person the selection names (individual sports)"),
  bookmaker: z.string().describe("e.g. pinnacle, bet365"),
  market: z.string().describe("h2h, totals or spreads"),
  selection: z.string().describe("home, draw, away, over or under"),
  line: z.number().nullable().describe("Total or handicap line; null for h2h"),
  price: z.number().describe("Decimal price"),
  observed_at: dateTime,
  is_closing: z.boolean().describe("The last price before kickoff"),
});

export const OddsHistoryPage = z.object({
  items: z.array(OddsPoint).max(ODDS_LIMIT_MAX).describe("Newest first by (observed_at desc, id desc)"),
  truncated: z.boolean().describe("true when more points exist after this page"),
  next_cursor: z
    .string()
    .nullable()
    .describe("Pass as cursor (with the same filters) for the next page; null on the last page"),
  next_before: dateTime
    .nullable()
    .describe("observed_at of the last item: continue a time window with before=; null on the last page"),
});

/** An OddsPoint as JSON, written from its row by the schema's compiled writer. */
const pointJson = rowWriter<typeof OddsPoint, OddsTuple>(OddsPoint, {
  id: 0,
  contest_id: 1,
  person_id: 2,
  bookmaker: 3,
  market: 4,
  selection: 5,
  line: 6,
  price: 7,
  observed_at: T,
  is_closing: 9,
});

type PageParts = [OddsTuple[], boolean, string | null, string | null];
const pageWriter = rowWriter<typeof OddsHistoryPage, PageParts>(OddsHistoryPage, {
  items: (p) => jsonArray(p[0], pointJson),
  truncated: 1,
  next_cursor: 2,
  next_before: 3,
});

const intervals = Object.keys(INTERVALS) as [Interval, ...Interval[]];
const historyQuery = z.strictObject({
  limit: q.limit(ODDS_LIMIT_MAX, ODDS_LIMIT_DEFAULT),
  cursor: z
    .string()
    .max(400, "is not a cursor this API issued")
    .optional()
    .describe("next_cursor of the previous page"),
  before: q.instant.optional().describe("ISO-8601 window end: only points observed strictly before it"),
  after: q.instant.optional().describe("ISO-8601 window start: only points observed strictly after it"),
  interval: z
    .enum(intervals, { error: `must be one of ${intervals.join(", ")}` })
    .optional()
    .describe(
      "raw (default) or a bucket size: the last point per bookmaker, market, selection and line in each UTC bucket",
    ),
  bookmaker: q.code.optional().describe("Only this bookmaker"),
  market: q.code.optional().describe("Only this market"),
  selection: q.code.optional().describe("Only this selection"),
});

const DESCRIPTION =
  `Newest first. limit defaults to ${ODDS_LIMIT_DEFAULT} and is clamped to ${ODDS_LIMIT_MAX}. Page with next_cursor: it is opaque, ` +
  "signed, tie-safe (points sharing observed_at are never skipped or repeated) and bound to the scope and filters; a cursor " +
  "from another scope, other filters or altered is 400 INVALID_PARAMETER. before/after bound the window (exclusive). With " +
  `interval other than raw a page examines at most ${MAX_SCAN} points and may hold fewer than limit items; follow next_cursor ` +
  "until it is null.";

function historyRoute(kind: OddsScope["kind"]): RouteDef {
  const label = kind === "contest" ? "Contest" : "Person";
  return defineRoute({
    pattern: `/v1/${kind === "contest" ? "contests" : "persons"}/{id}/odds/history`,
    summary: `Odds history of a ${kind}, paged by cursor`,
    description: DESCRIPTION,
    scope: "odds",
    tags: ["Odds"],
    query: historyQuery,
    response: OddsHistoryPage,
    group: "odds",
    cacheTtlMs: 30_000,
    readsOdds: true,
    handler: async ({ query, params, db }) => {
      const id = pathId(params.id);
      if (!id) throw notFound(`${label} ${params.id}`);
      if (query.before && query.after && query.after >= query.before)
        throw invalidParameter("after", "must be earlier than before");
      const scope: OddsScope = { kind, id };
      const interval = query.interval ?? "raw";
      const filter: OddsFilter = {
        bookmaker: query.bookmaker,
        market: query.market,
        selection: query.selection,
        before: query.before,
        after: query.after,
      };
      const f = filtersHash({
        ...filter,
        before: query.before?.getTime(),
        after: query.after?.getTime(),
        interval,
      });
      const k = kind === "contest" ? "c" : "p";
      const pos = query.cursor ? decodeCursor(query.cursor, { k, s: id, f }) : null;
      const result = await oddsPage(db, scope, filter, pos, query.limit, interval);
      if (
        result.items.length === 0 &&
        !pos &&
        !(await (kind === "contest" ? contestExists(db, id) : personExists(db, id)))
      ) {
        throw notFound(`${label} ${params.id}`);
      }
      const last = result.last;
      const nextCursor = last ? encodeCursor({ k, s: id, f, t: last.t.getTime(), i: last.id }) : null;
      return new RawJson(pageWriter([result.items, result.truncated, nextCursor, last ? iso(last.t) : null]));
    },
  });
}

export const oddsRoutes: RouteDef[] = [historyRoute("contest"), historyRoute("person")];
