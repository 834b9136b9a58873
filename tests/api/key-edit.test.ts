import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { createClient, type Db } from "../../lib/platform/db/client";
import { SignInClient } from "../accounts/support";
import { call, expectError } from "../support/api";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { createMigratedPgDatabase, type TempPgDatabase } from "../support/postgres";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";

// Leftovers over real HTTP, on SQLite and PostgreSQL: editing a key from the dashboard
// (PATCH /api/dashboard/keys/:id) and the race-proof keys-per-account cap.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const CAP = 10;
const password = "violet tractor anthem 42";
/** Single instance: the edit reaches the key cache in-process at once; the bound is 2 s. */
const BOUND_MS = 2000;

interface Target {
  app: RunningApp;
  db: Db;
  client: SignInClient;
  csrf: string;
  accountId: string;
  drop: () => Promise<void>;
}

async function target(kind: "sqlite" | "postgresql"): Promise<Target> {
  let pg: TempPgDatabase | undefined;
  let url: string;
  if (kind === "postgresql") {
    pg = await createMigratedPgDatabase();
    url = pg.url;
  } else url = copyTemplateDb(ensureTemplateDb());
  const email = `edit-${kind}@example.com`;
  const user = createUser(url, email, password);
  // One trusted proxy hop: the client address of a /v1 call is its X-Forwarded-For (lib/platform/client-ip.ts).
  const app = await startApp({
    databaseUrl: url,
    env: { KEYS_PER_ACCOUNT_MAX: String(CAP), TRUST_PROXY_HOPS: "1" },
  });
  const client = new SignInClient(app.baseUrl);
  expect((await client.credentials(email, password)).status).toBe(200);
  const db = createClient(url);
  return {
    app,
    db,
    client,
    csrf: csrfTokenFor(user.id),
    accountId: user.accountId,
    drop: async () => {
      await app.stop();
      await db.$disconnect();
      pg?.drop();
    },
  };
}

const targets = {} as Record<"sqlite" | "postgresql", Target>;
beforeAll(async () => {
  const [s, p] = await Promise.all([target("sqlite"), target("postgresql")]);
  targets.sqlite = s;
  targets.postgresql = p;
});
afterAll(async () => {
  await Promise.all(Object.values(targets).map((t) => t.drop()));
});

async function send(t: Target, method: string, path: string, body: unknown, csrf = t.csrf) {
  const res = await t.client.request(path, {
    method,
    headers: { "content-type": "application/json", "x-csrf-token": csrf, origin: t.app.baseUrl },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: never; error?: { code: string; message: string } },
  };
}

interface Made {
  id: string;
  secret: string;
  prefix: string;
}
async function createKey(t: Target, options: Record<string, unknown> = {}): Promise<Made> {
  const r = await send(t, "POST", "/api/dashboard/keys", { name: "edit me", options });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const data = r.body.data as unknown as { key: { id: string; prefix: string }; secret: string };
  return { id: data.key.id, prefix: data.key.prefix, secret: data.secret };
}

/** Polls until the key answers `status` on `path`; returns how long that took. */
async function until(
  t: Target,
  key: string,
  path: string,
  status: number,
  headers: Record<string, string> = {},
) {
  const start = performance.now();
  for (;;) {
    const r = await call(t.app.baseUrl, path, { key, headers });
    if (r.status === status) return performance.now() - start;
    if (performance.now() - start > 5000) throw new Error(`${path}: still ${r.status}, wanted ${status}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

describe.each(["sqlite", "postgresql"] as const)("%s", (kind) => {
  test("edit scopes: a route the key could call answers 403 within the bound; audited with what changed", async () => {
    const t = targets[kind];
    const k = await createKey(t);
    expect((await call(t.app.baseUrl, "/v1/teams?limit=1", { key: k.secret })).status).toBe(200);
    const r = await send(t, "PATCH", `/api/dashboard/keys/${k.id}`, {
      scopes: ["persons"],
      name: "reporting",
      note: "nightly job",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: "reporting",
      note: "nightly job",
      scopes: ["persons"],
      restricted: true,
    });
    const ms = await until(t, k.secret, "/v1/teams?limit=1", 403);
    expect(ms).toBeLessThan(BOUND_MS);
    expectError(
      await call(t.app.baseUrl, "/v1/teams?limit=1", { key: k.secret }),
      403,
      "FORBIDDEN",
      /'teams' scope/,
    );
    expect((await call(t.app.baseUrl, "/v1/persons?limit=1", { key: k.secret })).status).toBe(200);
    const audit = await t.db.auditEvent.findFirst({ where: { action: "key.updated", targetId: k.id } });
    expect(audit?.detail).toContain('name "edit me" -> "reporting"');
    expect(audit?.detail).toContain("scopes all -> persons");
    expect(audit?.detail).toContain('note none -> "nightly job"');
  });

  test("edit the IP allowlist, then clear every restriction", async () => {
    const t = targets[kind];
    const k = await createKey(t, { scopes: ["persons"], rateLimit: 100 });
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    let r = await send(t, "PATCH", `/api/dashboard/keys/${k.id}`, {
      allowedIps: "203.0.113.0/24, 2001:db8::/32",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ allowedIps: ["203.0.113.0/24", "2001:db8::/32"] });
    await until(t, k.secret, "/v1/persons?limit=1", 403, from("198.51.100.1"));
    expectError(
      await call(t.app.baseUrl, "/v1/persons?limit=1", { key: k.secret, headers: from("198.51.100.1") }),
      403,
      "FORBIDDEN",
      "IP address not allowed for this key",
    );
    expect(
      (await call(t.app.baseUrl, "/v1/persons?limit=1", { key: k.secret, headers: from("203.0.113.9") }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app.baseUrl, "/v1/persons?limit=1", { key: k.secret, headers: from("2001:db8::7") }))
        .status,
    ).toBe(200);
    r = await send(t, "PATCH", `/api/dashboard/keys/${k.id}`, {
      allowedIps: "",
      scopes: ["competitions", "contests", "persons", "teams", "odds", "analysis", "events"],
      rateLimit: null,
      expiresIn: "never",
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      restricted: false,
      allowedIps: [],
      rateLimit: null,
      expiresAt: null,
    });
    await until(t, k.secret, "/v1/teams?limit=1", 200, from("198.51.100.1"));
    const ok = await call(t.app.baseUrl, "/v1/persons?limit=1", {
      key: k.secret,
      headers: from("198.51.100.1"),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-ratelimit-limit")).not.toBe("100");
    const row = await t.db.apiKey.findUniqueOrThrow({ where: { id: k.id } });
    expect(row).toMatchObject({ scopes: null, allowedIps: null, rateLimit: null, expiresAt: null });
  });

  test("bad edits: 400 with the field, 403 without the CSRF token, 409 on a revoked key, 404 on another id", async () => {
    const t = targets[kind];
    const k = await createKey(t);
    const patch = (body: unknown, csrf?: string) =>
      send(t, "PATCH", `/api/dashboard/keys/${k.id}`, body, csrf);
    let r = await patch({ allowedIps: "10.0.0.0/33" });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: "INVALID_PARAMETER",
      message: "10.0.0.0/33 is not an IPv4/IPv6 address or CIDR range",
      field: "allowedIps",
    });
    r = await patch({ scopes: [] });
    expect(r.body.error).toMatchObject({ message: "Choose at least one scope", field: "scopes" });
    r = await patch({ expiresAt: "2001-01-01" });
    expect(r.body.error).toMatchObject({
      message: "Expiry must be a date in the future",
      field: "expiresAt",
    });
    r = await patch({ secretHash: "x" });
    expect(r.status).toBe(400);
    r = await patch({ name: "x" }, "not-the-token");
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe("FORBIDDEN");
    expect((await send(t, "POST", `/api/dashboard/keys/${k.id}/revoke`, {})).status).toBe(200);
    r = await patch({ name: "again" });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({ code: "CONFLICT", message: "This key is revoked; revocation is final" });
    r = await send(t, "PATCH", "/api/dashboard/keys/not-a-key-id", { name: "x" });
    expect(r.status).toBe(404);
    expect((await t.db.apiKey.findUniqueOrThrow({ where: { id: k.id } })).name).toBe("edit me");
  });

  test("20 parallel creates with 5 keys left under KEYS_PER_ACCOUNT_MAX: exactly 5 created, 15 refused 409", async () => {
    const t = targets[kind];
    // Revoke everything earlier tests made, then fill the account to cap - 5.
    await t.db.apiKey.updateMany({ where: { accountId: t.accountId }, data: { revokedAt: new Date() } });
    for (let i = 0; i < CAP - 5; i++) await createKey(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(t, "POST", "/api/dashboard/keys", { name: `parallel ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error).toEqual({
        code: "CONFLICT",
        message: `This account already has ${CAP} active keys (the maximum is ${CAP}); revoke one first`,
      });
    const active = await t.db.apiKey.count({ where: { accountId: t.accountId, revokedAt: null } });
    expect(active).toBe(CAP);
  });
});
