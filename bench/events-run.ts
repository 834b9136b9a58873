// Event latency (write committed -> SSE event received, p50/p99) and whether open
// streams slow the /v1 hit path (/v1/teams req/s with 0 and with STREAMS idle streams, same run).
// BENCH_ONLY=events runs only this. The writer is this bench process (like `npm run simulate`):
// without Redis the server learns of a write through its head poll (CHANGES_POLL_MS, default
// 500 ms); with Redis through the pub/sub signal.
import os from "node:os";
import { createClient, type Db } from "../lib/platform/db/client";
import { recordChanges } from "../lib/events/changes";
import { openSse, type SseClient } from "../tests/support/sse";
import type { BenchDb } from "./datasets";
import { TEAMS } from "./extra-runs";
import { load, warmUp } from "./load";
import { config, log, notes, withEnv } from "./measure";
import { startBenchApp } from "./servers";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const WRITES = Number(process.env.BENCH_EVENT_WRITES ?? 40);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/**
 * Write -> received latency for any push channel: `write` commits one change and returns its id,
 * `received` resolves when the channel delivered it. For webhooks, pass a write and a local
 * receiver's wait (the lead can call this once webhooks merge).
 */
export async function writeToReceiveLatency(
  write: () => Promise<number>,
  received: (id: number) => Promise<void>,
  n = WRITES,
): Promise<{ p50: number; p99: number; n: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const id = await write();
    await received(id);
    ms.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
  }
  return { p50: pct(ms, 50), p99: pct(ms, 99), n };
}

export function writer(db: Db, signal: boolean): () => Promise<number> {
  let n = 0;
  return async () => {
    const id = await db.$transaction((tx) =>
      recordChanges(tx, [
        { type: "team.created", resourceId: ++n, competitionId: null, contestId: null, data: { bench: n } },
      ]),
    );
    if (signal) {
      const { notifyChanges } = await import("../lib/events/notify");
      await notifyChanges(db);
    }
    return id!;
  };
}

const seen = (streams: SseClient[]) => (id: number) =>
  Promise.all(streams.map((s) => s.waitFor((e) => e.some((x) => x.id === String(id)), 10_000))).then(
    () => {},
  );

async function latencyRun(
  label: string,
  db: BenchDb,
  key: string,
  env: Record<string, string>,
  instances = 1,
) {
  const apps = [];
  for (let i = 0; i < instances; i++) apps.push(await startBenchApp({ url: db.url, cache: true, env }));
  const client = createClient(db.url);
  try {
    const streams = await Promise.all(
      apps.map((a) => openSse(`${a.baseUrl}/v1/stream`, { "X-API-Key": key })),
    );
    const r = await writeToReceiveLatency(writer(client, env.REDIS_URL !== undefined), seen(streams));
    for (const s of streams) s.close();
    const line = `event latency, write -> SSE received, ${label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.n} writes; load average ${os.loadavg()[0].toFixed(1)})`;
    log(line);
    notes.push(line);
  } finally {
    await client.$disconnect();
    for (const a of apps) await a.stop();
  }
}

/** /v1/teams cache hits with 0 and with STREAMS open idle streams, alternating, best of each. */
async function hitWithStreams(db: BenchDb, key: string) {
  const app = await startBenchApp({ url: db.url, cache: true, env: { STREAM_MAX_PER_KEY: String(STREAMS) } });
  try {
    const spec = {
      url: app.baseUrl + TEAMS.path,
      headers: { "x-api-key": key },
      connections: config.connections,
    };
    const best = { 0: 0, [STREAMS]: 0 } as Record<number, number>;
    // A fresh server's first seconds are slower (JIT, key and response caches): not measured.
    await warmUp({ ...spec, durationS: config.durationS }, config.durationS);
    for (let round = 0; round < config.rounds; round++) {
      for (const n of [0, STREAMS]) {
        const streams = await Promise.all(
          Array.from({ length: n }, () => openSse(`${app.baseUrl}/v1/stream`, { "X-API-Key": key })),
        );
        if (streams.some((s) => s.status !== 200)) throw new Error("a bench stream was refused");
        if (config.warmupS > 0) await warmUp({ ...spec, durationS: config.warmupS }, config.warmupS);
        const r = await load({ ...spec, durationS: config.durationS });
        for (const s of streams) s.close();
        log(
          `/v1/teams hit with ${n} open streams, round ${round + 1}: ${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(2)} ms`,
        );
        best[n] = Math.max(best[n], r.rps);
        await new Promise((res) => setTimeout(res, 300));
      }
    }
    const line = `/v1/teams hits with 0 vs ${STREAMS} idle streams open: ${Math.round(best[0])} vs ${Math.round(best[STREAMS])} req/s (ratio ${(best[STREAMS] / best[0]).toFixed(2)}; load average ${os.loadavg()[0].toFixed(1)})`;
    log(line);
    notes.push(line);
  } finally {
    await app.stop();
  }
}

export async function eventRuns(db: BenchDb, key: string, pg?: { db: BenchDb; key: string }): Promise<void> {
  const redis = {
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `statline-bench-events-${process.pid}:`,
  };
  await latencyRun("SQLite, 1 instance, writer in another process, no Redis (head poll 500 ms)", db, key, {});
  // The writer (this process) publishes the signal on the same Redis and prefix as the servers.
  await withEnv(redis, async () => {
    await latencyRun("SQLite, 1 instance, Redis signal", db, key, redis);
    if (pg) await latencyRun("PostgreSQL + Redis, 2 instances (both streams)", pg.db, pg.key, redis, 2);
  });
  await hitWithStreams(db, key);
}
