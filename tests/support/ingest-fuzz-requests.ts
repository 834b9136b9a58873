/** The fuzz's requests (tests/support/ingest-fuzz.ts): valid writes of every operation, each mutated once or not. */
import fc from "fast-check";

type Json = Record<string, unknown>;

export const SOURCE = "fz";
export const FEED = () => new Date(Date.now() - 60_000).toISOString();
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
export const valid = fc.oneof(
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

export interface FuzzRequest {
  method: string;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
}

/** A valid request, then one mutation (or none). */
export const request: fc.Arbitrary<FuzzRequest> = fc
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
