import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { SignInClient } from "../accounts/support";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { dashboardRoutes } from "./routes";

/**
 * A fuzz of every dashboard mutation route with a signed-in owner's mistakes (bodies of every
 * wrong type and field, ids of every shape): never a 5xx, every refusal in the error envelope.
 * Routes that end the session itself (sign-out everywhere, leaving the workspace) are left out.
 */
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const PASSWORD = "violet tractor anthem 42";
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 4143);
const FIELDS = [
  "name",
  "environment",
  "role",
  "email",
  "url",
  "description",
  "token",
  "password",
  "new_password",
  "current_password",
  "code",
  "scopes",
  "events",
  "channels",
  "category",
  "ids",
  "all",
  "grace",
  "overlap",
  "limit",
  "note",
];
const weird = fc.oneof(
  fc.constant(null),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant(""),
  fc.constant("x".repeat(20_000)),
  fc.constant("\u0000"),
  fc.constant([]),
  fc.constant({}),
  fc.constant([null, 1, "a"]),
  fc.constant(true),
  fc.constant("test"),
  fc.constant("owner"),
  fc.constant("https://127.0.0.1/x"),
  fc.string({ maxLength: 30 }),
  fc.integer(),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), weird, { maxKeys: 4 }).map((b) => JSON.stringify(b)),
  fc.oneof(weird, fc.array(weird, { maxLength: 3 })).map((b) => JSON.stringify(b)),
  fc.constantFrom("", "{", "not json", '{"a":1}{', "[".repeat(3000)),
);
const id = fc.oneof(
  fc.constantFrom("x".repeat(3000), "%00", "%2e%2e", "%E0%A4%A", "Ü", "-1", "1e308", "null"),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const SKIP = new Set(["/api/dashboard/sessions/revoke-all", "/api/dashboard/members/leave"]);

let app: RunningApp;
let user: { id: string; accountId: string };
let client: SignInClient;
const signIn = async () => {
  client = new SignInClient(app.baseUrl);
  expect((await client.credentials("fuzz-owner@example.com", PASSWORD)).status).toBe(200);
};

beforeAll(async () => {
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  user = createUser(databaseUrl, "fuzz-owner@example.com", PASSWORD);
  app = await startApp({ databaseUrl });
  await signIn();
}, 300_000);
afterAll(() => app?.stop());

it(`fuzzes every dashboard mutation route ${PER_ROUTE} times: no 5xx, every refusal in the envelope`, async () => {
  const routes = dashboardRoutes().filter((r) => r.method !== "GET" && !SKIP.has(r.pattern));
  expect(routes.length).toBeGreaterThan(20);
  const byStatus: Record<number, number> = {};
  const bad: string[] = [];
  const closes: string[] = [];
  const cases = fc.sample(fc.tuple(body, id, id), { seed: SEED, numRuns: PER_ROUTE });
  for (const r of routes)
    for (const [b, a, d] of cases) {
      const url = r.pattern.replace("[id]", a).replace("[deliveryId]", d);
      const send = async () => {
        const got = await client.request(url, {
          method: r.method,
          headers: {
            "content-type": "application/json",
            origin: app.baseUrl,
            "x-csrf-token": csrfTokenFor(user.id),
          },
          body: b,
        });
        return { status: got.status, text: await got.text() };
      };
      // A body past a route's limit may be answered 413 and the connection closed before the
      // client finished sending it: the server must still answer the next request.
      const closed = async (err: unknown) => {
        closes.push(`${r.method} ${url.slice(0, 60)} (${b.length} bytes)`);
        const alive = await client.request("/api/dashboard/overview").catch(() => null);
        if (!alive || alive.status >= 500) bad.push(`server gone after ${r.method} ${url}: ${String(err)}`);
        return null;
      };
      let res = await send().catch(closed);
      // A fuzzed body may have changed the owner's password or sessions: sign in again.
      if (res?.status === 401) {
        await signIn();
        res = await send().catch(closed);
      }
      if (!res) continue;
      const { text } = res;
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      const what = `${r.method} ${url.slice(0, 100)} ${b.slice(0, 100)} -> ${res.status} ${text.slice(0, 200)}`;
      if (res.status >= 500) bad.push(what);
      else if (res.status >= 400 && !/^\{"error":\{"code":"[A-Z_]+","message":"/.test(text))
        bad.push(`no error envelope: ${what}`);
    }
  console.log(`dashboard fuzz (seed ${SEED}, ${routes.length} routes):`, byStatus, "closed:", closes);
  expect(bad).toEqual([]);
}, 900_000);
