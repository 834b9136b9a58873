// Write committed -> webhook received (p50/p99), through the real worker of a bench
// server and a local receiver that verifies every signature with the `standardwebhooks` package.
// The endpoint is added and removed with the operator CLI, so the bench database keeps none.
import os from "node:os";
import { createClient } from "../lib/platform/db/client";
import { startReceiver } from "../tests/support/webhook-receiver";
import { runScript, type BenchDb } from "./datasets";
import { writer, writeToReceiveLatency } from "./events-run";
import { log, notes, withEnv } from "./measure";
import { BENCH_SECRET, startBenchApp } from "./servers";

/** Resolves once the receiver accepted the delivery of change `id` (checked every 2 ms). */
function arrival(received: { id: string }[]) {
  return (id: number) =>
    new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 15_000;
      const check = () => {
        if (received.some((r) => r.id === `evt_${id}`)) return resolve();
        if (Date.now() > deadline) return reject(new Error(`webhook for change ${id} not received`));
        setTimeout(check, 2);
      };
      check();
    });
}

export async function webhookLatencyRun(
  label: string,
  db: BenchDb,
  env: Record<string, string>,
): Promise<void> {
  let secret: string | null = null;
  const receiver = await startReceiver(() => secret);
  // The CLI seals the signing secret under NEXTAUTH_SECRET: the same one the bench servers use.
  const cli = (...args: string[]) =>
    withEnv({ NEXTAUTH_SECRET: BENCH_SECRET, WEBHOOK_ALLOW_PRIVATE: "1" }, async () =>
      runScript(db.url, "scripts/admin.ts", ...args),
    );
  const out = (
    await cli(
      "webhook",
      "add",
      "--email",
      "bench@statline.invalid",
      "--url",
      receiver.url(),
      "--events",
      "team",
    )
  ).trim();
  secret = out.split("\n").pop()!.trim();
  const endpointId = /added webhook (\S+)/.exec(out)?.[1];
  const app = await startBenchApp({ url: db.url, cache: true, env: { ...env, WEBHOOK_ALLOW_PRIVATE: "1" } });
  const client = createClient(db.url);
  try {
    const r = await writeToReceiveLatency(
      writer(client, env.REDIS_URL !== undefined),
      arrival(receiver.received),
    );
    const line = `event latency, write -> webhook received, ${label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.n} writes, ${receiver.invalid()} bad signatures; load average ${os.loadavg()[0].toFixed(1)})`;
    log(line);
    notes.push(line);
  } finally {
    await client.$disconnect();
    await app.stop();
    await receiver.stop();
    if (endpointId) await cli("webhook", "remove", endpointId);
  }
}

/** Without Redis the worker learns of a write from its head poll; with Redis from the signal. */
export async function webhookRuns(db: BenchDb): Promise<void> {
  await webhookLatencyRun("SQLite, 1 instance, writer in another process, no Redis", db, {});
  const redis = {
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_PREFIX: `statline-bench-events-${process.pid}:`,
  };
  // The writer (this process) publishes the signal on the servers' Redis and prefix.
  await withEnv(redis, () => webhookLatencyRun("SQLite, 1 instance, Redis signal", db, redis));
}
