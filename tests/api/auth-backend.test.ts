import { afterAll, beforeAll, expect, test } from "vitest";
import { call, expectError, expectOk } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { createMigratedPgDatabase, type TempPgDatabase } from "../support/postgres";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

// The real key store, PostgreSQL on 127.0.0.1:5432, reached through a proxy the test can cut.
let pg: TempPgDatabase;
let proxy: TcpProxy;
let app: RunningApp;
let key: string;

beforeAll(async () => {
  pg = await createMigratedPgDatabase();
  const direct = pg.url;
  key = createUnlimitedKey(direct, "pg@example.com");
  proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
  app = await startApp({ databaseUrl: `postgresql://postgres@127.0.0.1:${proxy.port}/${pg.name}` });
});
afterAll(async () => {
  await app?.stop();
  await proxy?.down();
  pg?.drop();
});

test("an unreachable key store gives 503 AUTH_BACKEND_UNAVAILABLE with Retry-After within about a second, never a 500, and recovers", async () => {
  // A cold process may miss the 800 ms key-lookup deadline on a loaded machine (503 too); wait until warm.
  let warm = await call(app.baseUrl, "/v1/competitions", { key });
  for (let i = 0; warm.status === 503 && i < 50; i++) {
    await new Promise((res) => setTimeout(res, 200));
    warm = await call(app.baseUrl, "/v1/competitions", { key });
  }
  expectOk(warm, "/v1/competitions");
  await proxy.down();
  const cutAt = Date.now();
  const seen: { at: number; status: number; code?: string; retryAfter: string | null }[] = [];
  for (let i = 0; Date.now() - cutAt < 5000; i++) {
    // Alternate a cached path with fresh queries so both the key lookup and data reads meet the outage.
    const path = i % 2 ? "/v1/competitions" : `/v1/persons?limit=${1 + (i % 150)}`;
    const r = await call(app.baseUrl, path, { key });
    seen.push({
      at: Date.now(),
      status: r.status,
      code: r.body?.error?.code,
      retryAfter: r.headers.get("retry-after"),
    });
    if (r.body?.error?.code === "AUTH_BACKEND_UNAVAILABLE") {
      expectError(r, 503, "AUTH_BACKEND_UNAVAILABLE");
      break;
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  const unavailable = seen.find((s) => s.code === "AUTH_BACKEND_UNAVAILABLE");
  expect(unavailable, JSON.stringify(seen)).toBeDefined();
  expect(unavailable!.at - cutAt).toBeLessThan(2000);
  expect(Number(unavailable!.retryAfter)).toBeGreaterThan(0);
  for (const s of seen) {
    expect([200, 503]).toContain(s.status);
    if (s.status === 503) expect(s.retryAfter).not.toBeNull();
  }
  expect(app.output()).not.toContain(key);

  await proxy.up();
  const upAt = Date.now();
  let status = 0;
  while (Date.now() - upAt < 10_000) {
    status = (await call(app.baseUrl, "/v1/persons?limit=3", { key })).status;
    if (status === 200) break;
    expect(status).toBe(503);
    await new Promise((res) => setTimeout(res, 100));
  }
  expect(status).toBe(200);
});
