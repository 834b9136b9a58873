/**
 * A fuzz of /ingest/v1: seeded random requests (valid writes, each mutated in one of many ways:
 * wrong types, missing or extra fields, odd ids, odd headers and bodies, times far back and
 * ahead, the same event id in two contests, a person twice in a lineup, the reserved source),
 * each answer validated with Ajv against the operation's response in the ingest OpenAPI document.
 * Used by tests/ingest/fuzz.test.ts (a short run) and the bench (BENCH_ONLY=fuzz, a long one).
 */
import Ajv, { type ValidateFunction } from "ajv";
import fc from "fast-check";
import { ingestOpenApi } from "../../lib/ingest/openapi";

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  pattern: RegExp;
  responses: Map<string, ValidateFunction>;
}

function operations(): Operation[] {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const doc = ingestOpenApi() as {
    paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/\{[a-z_]+\}/g, "[^/]+")}$`),
      responses: new Map(
        Object.entries(op.responses).map(([status, r]) => {
          const schema = (r.content as Record<string, { schema: Json }> | undefined)?.["application/json"]
            ?.schema;
          return [status, ajv.compile(schema ?? {})];
        }),
      ),
    })),
  );
}

const SOURCE = "fz";
const FEED = () => new Date(Date.now() - 60_000).toISOString();
const ids = {
  contest: fc.constantFrom(
    "c0",
    "c1",
    "c2",
    "c3",
    "nope",
    "statline",
    "12",
    "x".repeat(300),
    "a b",
    "%2e%2e",
    "Ü",
  ),
  team: fc.constantFrom("t0", "t1", "t2", "nope"),
  person: fc.constantFrom("p0", "p1", "p2", "nope"),
  event: fc.constantFrom("e0", "e1", "e2", "shared", "x".repeat(300)),
};
const weird = fc.oneof(
  fc.constant(null),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant(""),
  fc.constant("9999-12-31T23:59:59Z"),
  fc.constant("1970-01-01T00:00:00Z"),
  fc.constant([]),
  fc.constant({}),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
);
const pair = fc.record({ home: fc.nat(9), away: fc.nat(9) });

/** A valid request of each operation (a few of them refer to things that do not exist). */
const valid = fc.oneof(
  fc.record({
    method: fc.constant("PUT"),
    path: fc.constant("/competitions/comp"),
    body: fc.constant({ name: "Fuzz League", format: "league" }),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: fc.constant("/editions/ed"),
    body: fc.constant({ competition: "comp", name: "2026" }),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: ids.team.map((t) => `/teams/${t}`),
    body: fc.constantFrom({ name: "Fuzz Alpha" }, { name: "Fuzz Beta", country: "GB" }),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: ids.person.map((p) => `/persons/${p}`),
    body: fc.constantFrom({ name: "Fuzz Person" }, { name: "Ann Fuzz", nationality: "FR" }),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: ids.contest.map((c) => `/contests/${c}`),
    body: fc.record({
      edition: fc.constant("ed"),
      home: fc.constant({ team: "t0" }),
      away: fc.constant({ team: "t1" }),
      kickoff_at: fc.constant("2026-05-01T15:00:00Z"),
      stage: fc.constantFrom("Regular Season", "Knockout"),
    }),
  }),
  fc.record({
    method: fc.constant("POST"),
    path: ids.contest.map((c) => `/contests/${c}/state`),
    body: fc.record(
      {
        status: fc.constantFrom("scheduled", "live", "finished", "postponed", "cancelled"),
        score: pair,
        periods: fc.record({ halftime: pair, full_time: pair }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: fc.tuple(ids.contest, ids.event).map(([c, e]) => `/contests/${c}/events/${e}`),
    body: fc.record(
      {
        type: fc.constantFrom("goal", "yellow_card"),
        minute: fc.nat(120),
        side: fc.constantFrom("home", "away"),
        person: ids.person,
      },
      { requiredKeys: ["type", "minute", "side"] },
    ),
  }),
  fc.record({
    method: fc.constant("DELETE"),
    path: fc.tuple(ids.contest, ids.event).map(([c, e]) => `/contests/${c}/events/${e}`),
    body: fc.constant({}),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: ids.contest.map((c) => `/contests/${c}/lineups`),
    body: fc
      .array(
        fc.record({
          side: fc.constantFrom("home", "away"),
          person: ids.person,
          role: fc.constantFrom("starter", "substitute"),
        }),
        { maxLength: 4 },
      )
      .map((players) => ({ players })),
  }),
  fc.record({
    method: fc.constant("PUT"),
    path: ids.contest.map((c) => `/contests/${c}/statistics`),
    body: fc.constant({ home: { shots: 3 }, away: { corners: 2 } }),
  }),
  fc.record({
    method: fc.constant("POST"),
    path: fc.constant("/odds"),
    body: fc.record({
      contest: ids.contest,
      bookmaker: fc.constant("fz"),
      market: fc.constant("h2h"),
      selection: fc.constantFrom("home", "draw", "away"),
      price: fc.constantFrom(1.5, 2.1, 0.5),
    }),
  }),
);

interface FuzzRequest {
  method: string;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
}

/** A valid request, then one mutation (or none). */
const request: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    valid,
    fc.nat(13),
    fc.string({ maxLength: 12 }),
    weird,
    fc.constantFrom("statline", SOURCE, "Bad Source", "x".repeat(41)),
  )
  .map(([v, mutation, key, value, source]) => {
    const body: Json = { ...(v.body as Json), feed_at: FEED() };
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "Idempotency-Key": `fz-${Math.random()}`,
    };
    let src = SOURCE;
    let text: string | undefined;
    switch (mutation) {
      case 0:
        break; // as it is
      case 1:
        body[key || "extra"] = value;
        break;
      case 2:
        delete body[Object.keys(body)[0]];
        break;
      case 3:
        body[Object.keys(body)[0]] = value;
        break;
      case 4:
        body.feed_at = value;
        break;
      case 5:
        text = `${JSON.stringify(body).slice(0, -3)}`;
        break;
      case 6:
        headers["Content-Type"] = "text/plain";
        break;
      case 7:
        delete headers["Idempotency-Key"];
        break;
      case 8:
        headers["Idempotency-Key"] = "k".repeat(300);
        break;
      case 9:
        src = source;
        break;
      case 10:
        headers["Content-Type"] = "application/x-ndjson";
        text = `${JSON.stringify(body)}\n${JSON.stringify({ ...body, price: value })}`;
        break;
      case 11:
        body.feed_at = new Date(Date.now() + 3 * 86_400_000).toISOString();
        break;
      case 12:
        headers["Idempotency-Key"] = "fz-reused";
        break;
      default:
        text = JSON.stringify([body]);
    }
    return {
      method: v.method,
      path: `/ingest/v1/${src}${v.path}`,
      body: text ?? JSON.stringify(body),
      headers,
    };
  });

export interface FuzzResult {
  requests: number;
  byStatus: Record<string, number>;
  /** Answers outside the document: a 5xx, an undocumented status, a body its schema refuses. */
  violations: string[];
}

/** Sends `count` seeded requests to `baseUrl` with the ingest key, `concurrency` at a time. */
export async function fuzzIngest(o: {
  baseUrl: string;
  key: string;
  count: number;
  seed: number;
  concurrency?: number;
}): Promise<FuzzResult> {
  const ops = operations();
  const result: FuzzResult = { requests: 0, byStatus: {}, violations: [] };
  const send = async (r: FuzzRequest) => {
    const res = await fetch(`${o.baseUrl}${r.path}`, {
      method: r.method,
      headers: { ...r.headers, Authorization: `Bearer ${o.key}` },
      body: r.body,
    });
    const text = await res.text();
    result.requests++;
    result.byStatus[res.status] = (result.byStatus[res.status] ?? 0) + 1;
    const pathOnly = r.path.split("?")[0];
    const op = ops.find((x) => x.method === r.method && x.pattern.test(pathOnly));
    const validate = op?.responses.get(String(res.status));
    let ok = validate !== undefined && res.status < 500;
    if (ok) {
      try {
        ok = validate!(JSON.parse(text));
      } catch {
        ok = false;
      }
    }
    if (!ok && op && result.violations.length < 50)
      result.violations.push(
        `${r.method} ${r.path.slice(0, 120)} ${r.body?.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)} ${JSON.stringify(validate?.errors ?? null)}`,
      );
  };
  // A catalogue for the requests to meet: competition, edition, teams, persons, contests.
  const setup = [
    "/competitions/comp",
    "/editions/ed",
    "/teams/t0",
    "/teams/t1",
    "/persons/p0",
    "/persons/p1",
    "/contests/c0",
    "/contests/c1",
  ];
  for (const path of setup) {
    const v = fc.sample(
      valid.filter((x) => x.path === path),
      { seed: o.seed, numRuns: 1 },
    )[0];
    await send({
      method: v.method,
      path: `/ingest/v1/${SOURCE}${path}`,
      body: JSON.stringify({ ...(v.body as Json), feed_at: FEED() }),
      headers: { "Content-Type": "application/json", "Idempotency-Key": `fz-setup-${path}-${o.seed}` },
    });
  }
  const all = fc.sample(request, { seed: o.seed, numRuns: o.count });
  const width = o.concurrency ?? 4;
  for (let i = 0; i < all.length; i += width) await Promise.all(all.slice(i, i + width).map(send));
  return result;
}
