// Live ingest. (1) ingest response -> SSE client and -> webhook receiver, p50/p99, on one
// SQLite instance and across two instances on PostgreSQL + Redis (write to one, stream from the
// other); (2) odds ingest paced at ODDS_RATE prices/s (NDJSON batches) while autocannon reads
// /v1/teams, beside the same readers without ingest. BENCH_ONLY=ingest runs only this.
import os from "node:os";
import path from "node:path";
import { startReceiver } from "../tests/support/webhook-receiver";
import { openSse, type SseClient } from "../tests/support/sse";
import { runScript, type BenchDb } from "./datasets";
import { TEAMS } from "./extra-runs";
import { load, warmUp, type LoadResult } from "./load";
import { config, log, notes, withEnv } from "./measure";
import { summarizeProfile } from "./profile";
import { BENCH_SECRET, startBenchApp, toggleProfiler } from "./servers";
import { INGEST_TARGETS as T } from "./targets";

const WRITES = Number(process.env.BENCH_INGEST_WRITES ?? 40);
const ODDS_RATE = Number(process.env.BENCH_ODDS_RATE ?? T.oddsPerSecond);
const BATCH = 500;
const FEED_EMAIL = "bench-feed@statline.invalid";
const SOURCE = `bench${process.pid}`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
const say = (line: string) => {
  log(line);
  notes.push(line);
};

/**
 * An ingest-scoped key of an operator account on the unlimited plan, minted with the admin CLI;
 * revoke() retires it after the run (the first key only creates the account and goes at once).
 */
function ingestKey(db: BenchDb): { key: string; revoke: () => void } {
  const admin = (...args: string[]) => runScript(db.url, "scripts/admin.ts", ...args);
  const last = (out: string) => out.trim().split("\n").pop()!.trim();
  const first = last(
    admin("key", "create", "--email", FEED_EMAIL, "--environment", "test", "--name", "bench"),
  );
  admin("key", "revoke", first.slice(0, 16));
  admin("operator", "grant", "--email", FEED_EMAIL);
  admin("account", "plan", "--email", FEED_EMAIL, "--plan", "unlimited");
  const key = last(
    admin(
      "key",
      "create",
      "--email",
      FEED_EMAIL,
      "--environment",
      "live",
      "--name",
      "bench feed",
      "--scopes",
      "ingest",
    ),
  );
  return { key, revoke: () => void admin("key", "revoke", key.slice(0, 16)) };
}

function client(baseUrl: string, key: string) {
  let n = 0;
  return async (method: string, path: string, body: string, ndjson = false) => {
    const res = await fetch(`${baseUrl}/ingest/v1/${SOURCE}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        "Idempotency-Key": `${SOURCE}-${++n}`,
        "Content-Type": ndjson ? "application/x-ndjson" : "application/json",
      },
      body,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as { data: { id: string | null } };
  };
}

/** A competition, edition, two teams and one live contest "m" of this run's source. */
async function catalogue(call: ReturnType<typeof client>) {
  const at = new Date().toISOString();
  const put = (p: string, b: Record<string, unknown>) =>
    call("PUT", p, JSON.stringify({ ...b, feed_at: at }));
  await put("/competitions/cup", { name: `Bench Cup ${SOURCE}`, format: "knockout" });
  await put("/editions/e1", { competition: "cup", name: "2026" });
  await put("/teams/a", { name: `Bench Alpha ${SOURCE}` });
  await put("/teams/b", { name: `Bench Beta ${SOURCE}` });
  await put("/contests/m", { edition: "e1", home: { team: "a" }, away: { team: "b" }, kickoff_at: at });
  await call(
    "POST",
    "/contests/m/state",
    JSON.stringify({ status: "live", score: { home: 0, away: 0 }, feed_at: at }),
  );
}

/** Resolves with the time the change about event `id` is first seen (checked every 2 ms). */
function firstSeen(has: () => boolean, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 15_000;
    const check = () => {
      if (has()) return resolve(performance.now());
      if (Date.now() > deadline) return reject(new Error(`${what} not received`));
      setTimeout(check, 2);
    };
    check();
  });
}

const sseHas = (s: SseClient, id: string) => () =>
  s.events.some(
    (e) => e.event === "contest.event" && (JSON.parse(e.data) as { data: { id: string } }).data.id === id,
  );

async function latencyRun(
  label: string,
  db: BenchDb,
  readKey: string,
  env: Record<string, string>,
  instances: number,
) {
  const { key, revoke } = ingestKey(db);
  let secret: string | null = null;
  const receiver = await startReceiver(() => secret);
  const cli = (...args: string[]) =>
    withEnv({ NEXTAUTH_SECRET: BENCH_SECRET, WEBHOOK_ALLOW_PRIVATE: "1" }, async () =>
      runScript(db.url, "scripts/admin.ts", ...args),
    );
  const added = (
    await cli("webhook", "add", "--email", FEED_EMAIL, "--url", receiver.url(), "--events", "contest.event")
  ).trim();
  secret = added.split("\n").pop()!.trim();
  const endpointId = /added webhook (\S+)/.exec(added)?.[1];
  const apps = [];
  for (let i = 0; i < instances; i++)
    apps.push(await startBenchApp({ url: db.url, cache: true, env: { ...env, WEBHOOK_ALLOW_PRIVATE: "1" } }));
  // Writes go to the first instance; the stream is held on the last (the other one when two).
  const call = client(apps[0].baseUrl, key);
  const sse = await openSse(`${apps[apps.length - 1].baseUrl}/v1/stream?types=contest`, {
    "X-API-Key": readKey,
  });
  try {
    await catalogue(call);
    const toSse: number[] = [];
    const toHook: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const body = {
        type: "yellow_card",
        minute: (i % 90) + 1,
        side: i % 2 ? "home" : "away",
        feed_at: new Date().toISOString(),
      };
      const r = await call("PUT", `/contests/m/events/y${i}`, JSON.stringify(body));
      const answered = performance.now();
      const id = r.data.id!;
      const hook = () =>
        receiver.received.some((x) => (x.payload.data as { data: { id: string } }).data.id === id);
      const [s, w] = await Promise.all([
        firstSeen(sseHas(sse, id), `SSE ${id}`),
        firstSeen(hook, `webhook ${id}`),
      ]);
      // Seen before the answer arrived counts as 0: the client had it no later than the feed's answer.
      toSse.push(Math.max(0, s - answered));
      toHook.push(Math.max(0, w - answered));
      await new Promise((res) => setTimeout(res, 50 + Math.random() * 150));
    }
    for (const [what, xs] of [
      ["SSE client", toSse],
      ["webhook receiver", toHook],
    ] as const) {
      const p99 = pct(xs, 99);
      say(
        `ingest response -> ${what}, ${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${WRITES} writes; target p99 <= ${T.latencyP99Ms} ms: ${verdict(p99 <= T.latencyP99Ms)}; load average ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  } finally {
    sse.close();
    for (const a of apps) await a.stop();
    await receiver.stop();
    if (endpointId) await cli("webhook", "remove", endpointId);
    revoke();
  }
}

/** BATCH prices of contest "m" observed at `at` (epoch ms), as NDJSON. */
const oddsBatch = (at: number, b: number) =>
  Array.from({ length: BATCH }, (_, i) =>
    JSON.stringify({
      contest: "m",
      bookmaker: `bk${Math.floor(i / 3)}`,
      market: "h2h",
      selection: ["home", "draw", "away"][i % 3],
      price: 1.5 + ((b + i) % 50) / 10,
      observed_at: new Date(at).toISOString(),
    }),
  ).join("\n");

/**
 * NDJSON batches of BATCH prices offered at ODDS_RATE prices/s for `seconds`: batch b is sent at
 * b x BATCH / ODDS_RATE s, or as soon as the previous one is answered when that is later. Prices/s
 * accepted are the prices over the window, stretched when the last answer came after it closed,
 * so a pacer that kept up scores ODDS_RATE exactly and one that fell behind scores less (the
 * window used to include the pause after the last batch, so even a pacer on time scored below).
 */
async function oddsPacer(
  call: ReturnType<typeof client>,
  seconds: number,
): Promise<{ rate: number; behind: number; answers: number[] }> {
  const every = (BATCH / ODDS_RATE) * 1000;
  const batches = Math.max(1, Math.round((seconds * 1000) / every));
  const start = performance.now();
  const base = Date.now();
  const answers: number[] = [];
  let behind = 0;
  for (let b = 0; b < batches; b++) {
    const wait = start + b * every - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    await call("POST", "/odds", oddsBatch(base + b * 1000, b), true);
    answers.push(performance.now() - sent);
    // Answered after the next batch was due.
    if (performance.now() > start + (b + 1) * every) behind++;
  }
  const window = Math.max(seconds * 1000, performance.now() - start);
  return { rate: (batches * BATCH) / (window / 1000), behind, answers };
}

/**
 * BENCH_INGEST_PROFILE=1: the server's CPU profile over the readers-with-ingest phase, summarised
 * (self time per function and file) beside the figures.
 */
const PROFILE = process.env.BENCH_INGEST_PROFILE === "1";

async function throughputRun(label: string, db: BenchDb, readKey: string) {
  const { key, revoke } = ingestKey(db);
  const profileOut = path.join(os.tmpdir(), `statline-bench-ingest-${process.pid}-${label}.cpuprofile`);
  const app = await startBenchApp({ url: db.url, cache: true, profileOut: PROFILE ? profileOut : undefined });
  try {
    const call = client(app.baseUrl, key);
    await catalogue(call);
    // One batch before the clock starts, an hour before the paced ones: the first odds batch
    // starts the server's odds writer thread (SQLite), which a running feed has long done.
    await call("POST", "/odds", oddsBatch(Date.now() - 3_600_000, 0), true);
    const spec = {
      url: app.baseUrl + TEAMS.path,
      headers: { "x-api-key": readKey },
      connections: config.connections,
      durationS: config.durationS,
    };
    await warmUp(spec, config.durationS);
    const quiet: LoadResult = await load(spec);
    if (PROFILE) toggleProfiler(app);
    const [busy, odds] = await Promise.all([load(spec), oddsPacer(call, config.durationS)]);
    if (PROFILE) {
      toggleProfiler(app);
      await new Promise((r) => setTimeout(r, 1500));
      const p = summarizeProfile(profileOut, 15);
      say(`profile of the server with ingest, ${label} (${profileOut}): idle ${p.idlePct.toFixed(1)}%`);
      for (const f of p.functions) say(`  ${f.selfPct.toFixed(1)}%  ${f.name}`);
      for (const f of p.files.slice(0, 10)) say(`  file ${f.selfPct.toFixed(1)}%  ${f.file}`);
    }
    const ratio = busy.p99 / quiet.p99;
    say(
      `odds ingest, ${label}: ${Math.round(odds.rate)} prices/s sustained for ${config.durationS} s in batches of ${BATCH} (${odds.behind} of ${odds.answers.length} batches answered late; answer p50 ${pct(odds.answers, 50).toFixed(1)} ms, p99 ${pct(odds.answers, 99).toFixed(1)} ms; target >= ${T.oddsPerSecond}: ${verdict(odds.rate >= T.oddsPerSecond)})`,
    );
    say(
      `/v1/teams readers, ${label}: p99 ${quiet.p99.toFixed(2)} ms without ingest, ${busy.p99.toFixed(2)} ms with it (${ratio.toFixed(2)}x; ${Math.round(quiet.rps)} vs ${Math.round(busy.rps)} req/s; target <= ${T.readerP99Ratio}x: ${verdict(ratio <= T.readerP99Ratio)}; load average ${os.loadavg()[0].toFixed(1)})`,
    );
  } finally {
    await app.stop();
    revoke();
  }
}

export async function ingestRuns(
  db: BenchDb,
  readKey: string,
  pg?: { db: BenchDb; key: string },
): Promise<void> {
  await latencyRun("SQLite, 1 instance", db, readKey, {}, 1);
  await throughputRun("SQLite", db, readKey);
  if (!pg) return;
  const redis = {
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `statline-bench-ingest-${process.pid}:`,
  };
  await latencyRun(
    "PostgreSQL + Redis, 2 instances (written to one, streamed from the other)",
    pg.db,
    pg.key,
    redis,
    2,
  );
  await throughputRun("PostgreSQL", pg.db, pg.key);
}
