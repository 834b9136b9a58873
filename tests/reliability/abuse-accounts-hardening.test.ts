import os from "node:os";
import { afterAll, beforeAll, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "../accounts/support";
import { totpCode } from "../accounts/totp-code";
import { percentile, sleep, timedRequest } from "./support/abuse";
import { report } from "./support/report";

/**
 * Account rows: the sign-up stall (the strength check runs in a child process under nice), the hash queue's fair share, second factors that
 * cannot be ground down or replayed, and a victim who still signs in during an attacker's run.
 * One instance on SQLite, one trusted proxy hop so each client speaks for its own address.
 */
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";
let app: RunningApp;
let databaseUrl: string;
let key: string;
const password = "violet tractor anthem 42";

beforeAll(async () => {
  databaseUrl = copyTemplateDb(ensureTemplateDb());
  key = createUnlimitedKey(databaseUrl, "hardening-key@example.com", "test", "hardening");
  app = await startApp({ databaseUrl, env: { TRUST_PROXY_HOPS: "1" } });
});
afterAll(() => app?.stop());

/**
 * Cached /v1 latencies, one request every `everyMs` for `ms`, and at least `min` of them (a p99
 * over fewer is its maximum), and until `busy` (the flood) has settled.
 */
async function sampleV1(ms: number, everyMs = 20, min = 0, busy?: Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  const until = performance.now() + ms;
  let settled = busy === undefined;
  void busy?.finally(() => (settled = true));
  while (performance.now() < until || out.length < min || !settled) {
    const r = await timedRequest(app.port, "/v1/teams", { headers: { "X-API-Key": key } });
    expect(r.status).toBe(200);
    out.push(r.ms);
    await sleep(everyMs);
  }
  return out;
}

const signUp = (ip: string, email: string, pw: string) =>
  fetch(`${app.baseUrl}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, password: pw }),
  }).then((r) => r.status);

test("a sign-up flood of 100 bad passwords in 10 s keeps cached /v1 p99 within 3x", async () => {
  // Crafted: zxcvbn's l33t and repeat matchers at full length (80-170 ms each on the main thread
  // before; the review's worst took 6.1 s), and weak, so the policy refuses it and no scrypt runs.
  const crafted = () => "p@$$w0rd".repeat(25);
  // Warm: the response cache, the sign-up route's code and the check worker (steady state only).
  expect(await signUp("203.0.113.65", "warm@example.com", crafted())).toBe(400);
  await sampleV1(1000);
  // At least 300 probes on each side, compared with the quiet figure of this same run, so a loaded
  // machine raises both sides alike.
  const PROBES = 300;
  const quiet = await sampleV1(10_000, 20, PROBES);
  const statuses: number[] = [];
  const flood = (async () => {
    const sent: Promise<void>[] = [];
    for (let i = 0; i < 100; i++) {
      sent.push(
        signUp("203.0.113.66", `flood${i}@example.com`, crafted()).then((s) => void statuses.push(s)),
      );
      await sleep(100);
    }
    await Promise.all(sent);
  })();
  const during = await sampleV1(10_000, 20, PROBES, flood);
  await flood;
  const count = (s: number) => statuses.filter((x) => x === s).length;
  // Sub-5 ms p99s are timer noise on this shared box: the ratio is taken against at least 5 ms.
  const quietP99 = percentile(quiet, 99);
  const duringP99 = percentile(during, 99);
  report("abuse: sign-up flood vs cached /v1", {
    signUps: statuses.length,
    refusedByPolicy400: count(400),
    refusedByLimit429: count(429),
    statuses: Object.fromEntries([...new Set(statuses)].map((st) => [st, count(st)])),
    v1Samples: { quiet: quiet.length, during: during.length },
    v1P99Ms: { quiet: quietP99, during: duringP99 },
    v1MaxMs: { quiet: Math.max(...quiet), during: Math.max(...during) },
    ratio: Math.round((duringP99 / Math.max(quietP99, 5)) * 100) / 100,
    loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
  });
  expect(Math.min(quiet.length, during.length)).toBeGreaterThanOrEqual(PROBES);
  expect(count(400)).toBe(5);
  expect(count(429)).toBe(95);
  expect(duringP99 / Math.max(quietP99, 5)).toBeLessThanOrEqual(3);
});

test("40 parallel sign-ins from two addresses leave a third address a hash slot", async () => {
  const email = "fairshare@example.com";
  createUser(databaseUrl, email, password);
  const attackers = Array.from({ length: 40 }, async (_, i) => {
    const c = new SignInClient(app.baseUrl, { "x-forwarded-for": i % 2 ? "203.0.113.71" : "203.0.113.72" });
    // 0: the socket was closed (a queued hash outlasting SERVER_IDLE_TIMEOUT_MS on a loaded box).
    return c.credentials(`nobody${i}@example.com`, "wrong password").then(
      (r) => r.status,
      () => 0,
    );
  });
  await sleep(1000);
  const legit = new SignInClient(app.baseUrl, { "x-forwarded-for": "203.0.113.73" });
  const legitStatus = (await legit.credentials(email, password)).status;
  const statuses = await Promise.all(attackers);
  report("abuse: hash queue fair share", {
    attackerSignIns: statuses.length,
    attacker503: statuses.filter((s) => s === 503).length,
    attacker401: statuses.filter((s) => s === 401).length,
    attackerSocketClosed: statuses.filter((s) => s === 0).length,
    legitimateStatus: legitStatus,
  });
  expect(legitStatus).toBe(200);
  // Each address holds at most HASH_PER_ADDRESS_MAX (4) hashes at a time; the rest are told to
  // retry. A hash that finishes while the 40 are still arriving frees its slot for one more attempt
  // (CI saw 31 refusals, one slot freed early on a loaded box), so: most refused, never all admitted.
  expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(28);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(12);
});

/** Signs a fresh user in from `ip` and turns two-factor on; returns the client and the secret. */
async function twoFactorUser(email: string, ip: string) {
  const { id } = createUser(databaseUrl, email, password);
  const client = new SignInClient(app.baseUrl, { "x-forwarded-for": ip });
  expect((await client.credentials(email, password)).status).toBe(200);
  const post = (path: string, body: unknown = {}) =>
    client.request(path, {
      method: "POST",
      headers: { "x-csrf-token": csrfTokenFor(id), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const setup = (await (await post("/api/dashboard/2fa/setup")).json()) as { data: { secret: string } };
  const secret = setup.data.secret;
  expect((await post("/api/dashboard/2fa/enable", { code: totpCode(secret) })).status).toBe(200);
  return { client, post, secret };
}

test("turning 2FA off meets a 429 within 10 wrong codes", async () => {
  const { post, secret } = await twoFactorUser("disable-2fa@example.com", "203.0.113.80");
  const statuses: number[] = [];
  let retryAfter = 0;
  for (let i = 0; i < 10; i++) {
    const res = await post("/api/dashboard/2fa/disable", { code: String(100000 + i) });
    statuses.push(res.status);
    if (res.status === 429) retryAfter = Number(res.headers.get("retry-after"));
  }
  // Locked: even the right code waits (a guesser cannot tell a hit from the lock).
  const right = await post("/api/dashboard/2fa/disable", { code: totpCode(secret, Date.now(), 1) });
  report("abuse: 2FA disable guessing", {
    wrongCodes: statuses.length,
    first429At: statuses.indexOf(429) + 1,
    retryAfterSeconds: retryAfter,
    rightCodeWhileLocked: right.status,
  });
  expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(0);
  expect(statuses.indexOf(429)).toBeLessThan(10);
  expect(retryAfter).toBeGreaterThan(0);
  expect(right.status).toBe(429);
});

test("a TOTP code is good once: the same code signs in once, an older one never", async () => {
  const email = "reuse-2fa@example.com";
  const { secret } = await twoFactorUser(email, "203.0.113.90");
  // The enabling code spent the current step; the next step's code is still inside the window.
  const code = totpCode(secret, Date.now(), 1);
  const first = new SignInClient(app.baseUrl, { "x-forwarded-for": "203.0.113.91" });
  const firstStatus = (await first.credentials(email, password, { otp: code })).status;
  const again = new SignInClient(app.baseUrl, { "x-forwarded-for": "203.0.113.92" });
  const reused = await again.credentials(email, password, { otp: code });
  const reusedError = new URL(((await reused.json()) as { url: string }).url).searchParams.get("error");
  const older = new SignInClient(app.baseUrl, { "x-forwarded-for": "203.0.113.93" });
  const olderStatus = (await older.credentials(email, password, { otp: totpCode(secret) })).status;
  report("abuse: TOTP replay", {
    firstUse: firstStatus,
    reuse: reused.status,
    reusedError,
    olderStep: olderStatus,
  });
  expect(firstStatus).toBe(200);
  expect(reused.status).toBe(401);
  expect(reusedError).toBe("TwoFactorInvalid");
  expect(again.sessionCookie()).toBeUndefined();
  expect(olderStatus).toBe(401);
});

test("a victim signs in from another address during an attacker's wrong-password run", async () => {
  const email = "lockout-victim@example.com";
  createUser(databaseUrl, email, password);
  const attacker = new SignInClient(app.baseUrl, { "x-forwarded-for": "203.0.113.100" });
  const attempts: number[] = [];
  for (let i = 0; i < 8; i++) attempts.push((await attacker.credentials(email, `guess ${i}`)).status);
  const victim = new SignInClient(app.baseUrl, { "x-forwarded-for": "198.51.100.200" });
  const victimStatus = (await victim.credentials(email, password)).status;
  report("abuse: victim lock-out", {
    attackerStatuses: attempts,
    attackerFirst429At: attempts.indexOf(429) + 1,
    victimFromAnotherAddress: victimStatus,
  });
  expect(attempts.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
  expect(attempts.slice(6)).toEqual([429, 429]);
  expect(victimStatus).toBe(200);
  expect((await victim.get("/api/dashboard/keys")).status).toBe(200);
});
