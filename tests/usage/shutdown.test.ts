import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../lib/platform/db/client";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { createKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";
import { call, setPlan, sleep, usageOf } from "./support";

// SIGTERM in the middle of load: every response a client received is in the database afterwards.
describe("metering survives a graceful shutdown under load", () => {
  let app: RunningApp | undefined;
  let dbUrl: string;
  let key: string;

  beforeAll(async () => {
    dbUrl = copyTemplateDb(ensureTemplateDb());
    key = createKey(dbUrl, "gina@shutdown.test", "live");
    setPlan(dbUrl, "gina@shutdown.test", "unlimited");
    // A long flush interval: without the shutdown flush, most counts would still be in memory.
    // The request log rides in the same flush; no sampling here, so every answer must have a row.
    app = await startApp({
      databaseUrl: dbUrl,
      env: { USAGE_FLUSH_INTERVAL_MS: "60000", REQUEST_LOG_FULL_PER_SECOND: "1000000" },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("SIGTERM during 50-connection load loses no counts and no request-log rows", async () => {
    const running = app!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const received = { ok: 0, bad: 0, other: 0, failed: 0 };
    const errorIds: string[] = [];
    let stopAt = Infinity;
    const worker = async (w: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        // every 7th request is the caller's mistake: a 400 that costs nothing
        const path = (i + w) % 7 === 0 ? "/v1/teams?limit=-1" : "/v1/teams?limit=3";
        try {
          const res = await call(running.baseUrl, path, key, { agent });
          if (res.status === 200) received.ok++;
          else if (res.status === 400) {
            received.bad++;
            errorIds.push(String(res.headers["x-request-id"]));
          } else received.other++;
        } catch {
          received.failed++; // refused or reset after the server stopped listening: never answered
          return;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 50 }, (_, w) => worker(w)));
    // Signal once the server is clearly busy (the machine may be shared, so wait on counts, not time).
    const deadline = Date.now() + 30_000;
    while (received.ok + received.bad < 500 && Date.now() < deadline) await sleep(50);
    const countAtSignal = received.ok + received.bad;
    const exitCode = await running.stop("SIGTERM");
    stopAt = Date.now();
    await load;
    agent.destroy();
    app = undefined;

    expect(exitCode).toBe(0);
    expect(countAtSignal).toBeGreaterThanOrEqual(500); // it really was under load
    expect(received.other).toBe(0);
    expect(running.output()).toContain('"meteringFlushed":true');
    const t = usageOf(dbUrl, "gina@shutdown.test");
    expect({
      requests: t.requests,
      ok: t.by_status_class["2xx"],
      bad: t.by_status_class["4xx"],
      units: t.units,
    }).toEqual({
      requests: received.ok + received.bad,
      ok: received.ok,
      bad: received.bad,
      units: received.ok,
    });

    const db = createClient(dbUrl);
    try {
      const logged = await db.requestLog.findMany({ where: { status: 400 }, select: { id: true } });
      expect(new Set(logged.map((r) => r.id))).toEqual(new Set(errorIds));
      expect(await db.requestLog.count({ where: { status: 200 } })).toBe(received.ok);
    } finally {
      await db.$disconnect();
    }

    // A restarted server continues the month's count from the database.
    app = await startApp({ databaseUrl: dbUrl });
    const next = await call(app.baseUrl, "/v1/teams", key);
    expect(next.headers["x-units-used"]).toBe(String(received.ok + 1));
  });
});
