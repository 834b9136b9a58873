import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk, MODES, type Mode } from "../support/api";
import { ROOT, startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

let fx: Fixture;
let testKey: string;
let liveKey: string;
let revokedKey: string;
const apps = {} as Record<Mode, RunningApp>;

beforeAll(async () => {
  fx = await buildFixture();
  testKey = createUnlimitedKey(fx.url, "auth@example.com", "test");
  liveKey = createUnlimitedKey(fx.url, "auth@example.com", "live");
  revokedKey = createUnlimitedKey(fx.url, "auth@example.com", "test", "to revoke");
  admin(fx.url, "key", "revoke", revokedKey.slice(0, 16));
  const started = await Promise.all(MODES.map((mode) => startApp({ databaseUrl: fx.url, mode })));
  MODES.forEach((m, i) => (apps[m] = started[i]));
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((a) => a.stop()));
  await fx?.db.$disconnect();
});

const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const wellFormed = (env: string, seed: number) =>
  `sk_${env}_${Array.from({ length: 32 }, (_, i) => B62[(i * 7 + seed) % 62]).join("")}`;

describe.each(MODES)("%s server: authentication", (mode) => {
  const get = (headers: Record<string, string>, path = "/v1/competitions") =>
    call(apps[mode].baseUrl, path, { headers });
  const required = "API key required";
  const invalid = "Invalid API key";

  test("missing or malformed keys: 401 UNAUTHORIZED 'API key required'", async () => {
    const cases: Record<string, string>[] = [
      {},
      { "X-API-Key": "" },
      { Authorization: testKey },
      { Authorization: `Basic ${Buffer.from(`user:${testKey}`).toString("base64")}` },
      { Authorization: `Token ${testKey}` },
      { Authorization: "Bearer" },
      { Authorization: "Bearer sk_test_short" },
      { Authorization: `Bearer ${testKey} extra` },
      { "X-API-Key": wellFormed("prod", 1) },
      { "X-API-Key": testKey.slice(0, -1) },
      { "X-API-Key": `${testKey}x` },
      { "X-API-Key": `${testKey.slice(0, -1)}-` },
      { "X-API-Key": `Bearer ${testKey}` },
      // Both headers with different keys are ambiguous: treated as malformed.
      { "X-API-Key": testKey, Authorization: `Bearer ${liveKey}` },
      // Authorization must be Bearer even when X-API-Key carries a good key.
      { "X-API-Key": testKey, Authorization: "Basic abc" },
    ];
    for (const headers of cases) {
      const r = await get(headers);
      expectError(r, 401, "UNAUTHORIZED", required);
      expect(r.text).not.toContain(testKey.slice(16));
    }
  });

  test("well-formed keys that are unknown, wrong or revoked: 401 UNAUTHORIZED 'Invalid API key'", async () => {
    const wrongSecret = testKey.slice(0, 16) + wellFormed("test", 5).slice(16);
    for (const key of [wellFormed("test", 3), wellFormed("live", 4), wrongSecret, revokedKey]) {
      expectError(await get({ "X-API-Key": key }), 401, "UNAUTHORIZED", invalid);
      expectError(await get({ Authorization: `Bearer ${key}` }), 401, "UNAUTHORIZED", invalid);
    }
  });

  test("valid keys in either header, or both agreeing; live and test alike", async () => {
    const variants: Record<string, string>[] = [
      { "X-API-Key": testKey },
      { Authorization: `Bearer ${testKey}` },
      { Authorization: `bearer ${liveKey}` },
      { "X-API-Key": liveKey },
      { "X-API-Key": testKey, Authorization: `Bearer ${testKey}` },
    ];
    const bodies = [];
    for (const headers of variants) bodies.push(expectOk(await get(headers), "/v1/competitions"));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
  });

  test("authentication comes before routing; the OpenAPI document is public", async () => {
    expectError(await get({}, "/v1/no-such-thing"), 401, "UNAUTHORIZED", required);
    const doc = await get({}, "/v1/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(doc.headers.get("x-request-id")).toMatch(/^req_/);
  });
});

describe("revocation", () => {
  test("a revoked key is refused within 1 s on a running instance that keeps using it", async () => {
    const key = createUnlimitedKey(fx.url, "revoke@example.com", "live", "short-lived");
    const base = apps.lean.baseUrl;
    expect((await call(base, "/v1/competitions", { key })).status).toBe(200);
    const log: { at: number; status: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const r = await call(base, "/v1/competitions", { key });
        log.push({ at: Date.now(), status: r.status });
        await new Promise((res) => setTimeout(res, 20));
      }
    })();
    // The operator revokes from another process while the app keeps the key hot in its cache.
    const exitedAt = await new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "scripts/admin.ts", "key", "revoke", key.slice(0, 16)],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: fx.url },
          stdio: "ignore",
        },
      );
      child.on("exit", (code) =>
        code === 0 ? resolve(Date.now()) : reject(new Error(`revoke exited ${code}`)),
      );
    });
    await new Promise((res) => setTimeout(res, 1500));
    polling = false;
    await poller;
    expect(log.filter((l) => l.at < exitedAt).some((l) => l.status === 200)).toBe(true);
    const first401 = log.find((l) => l.status === 401);
    expect(first401).toBeDefined();
    expect(first401!.at - exitedAt).toBeLessThan(1000);
    const late = log.filter((l) => l.at > exitedAt + 1000);
    expect(late.length).toBeGreaterThan(5);
    expect(late.every((l) => l.status === 401)).toBe(true);
    const r = await call(base, "/v1/competitions", { key });
    expectError(r, 401, "UNAUTHORIZED", "Invalid API key");
  });
});
