import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { createClient, type Db } from "../../lib/platform/db/client";
import { createApiKey } from "../../lib/keys/service";
import { can, type Role } from "../../lib/workspaces/permissions";
import { SignInClient } from "../accounts/support";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { dashboardRoutes, type RouteCase } from "./routes";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const PASSWORD = "violet tractor anthem 42";
const ROLES: Role[] = ["owner", "admin", "developer", "viewer"];
/** A valid body per route where one is needed to get past validation to the object lookup. */
const BODIES: Record<string, unknown> = {
  "PATCH /api/dashboard/keys/[id]": { name: "renamed" },
  "PATCH /api/dashboard/members/[id]": { role: "viewer" },
  "PATCH /api/dashboard/webhooks/[id]": { description: "x" },
  "POST /api/dashboard/members/invitations": { email: "new@example.com", role: "viewer" },
  "POST /api/dashboard/keys": { name: "k", environment: "test" },
  "POST /api/dashboard/webhooks": { url: "https://hooks.example.com/y" },
  "POST /api/invitations/accept": { token: "x".repeat(43) },
};

interface Person {
  id: string;
  accountId: string;
  client: SignInClient;
}

describe("workspace isolation over every dashboard route", () => {
  let app: RunningApp;
  let db: Db;
  const people = {} as Record<Role | "outsider", Person>;
  const ids = {} as Record<"ownerKey" | "devKey" | "keyB" | "hookA" | "hookB" | "inviteB", string>;
  const routes = dashboardRoutes();

  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    for (const who of [...ROLES, "outsider"] as const) {
      const made = createUser(databaseUrl, `${who}@iso.example.com`, PASSWORD);
      people[who] = { ...made, client: undefined as unknown as SignInClient };
    }
    db = createClient(databaseUrl);
    const A = people.owner.accountId;
    for (const role of ["admin", "developer", "viewer"] as const)
      await db.membership.create({ data: { userId: people[role].id, accountId: A, role } });
    const key = async (accountId: string, createdById: string) =>
      (await createApiKey(db, { accountId, name: "k", environment: "test", createdById })).record.id;
    ids.ownerKey = await key(A, people.owner.id);
    ids.devKey = await key(A, people.developer.id);
    ids.keyB = await key(people.outsider.accountId, people.outsider.id);
    const hook = async (accountId: string) =>
      (
        await db.webhookEndpoint.create({
          data: { accountId, url: "https://hooks.example.com/x", secret: "whsec_x" },
        })
      ).id;
    ids.hookA = await hook(A);
    ids.hookB = await hook(people.outsider.accountId);
    ids.inviteB = (
      await db.invitation.create({
        data: {
          accountId: people.outsider.accountId,
          email: "someone@iso.example.com",
          role: "viewer",
          tokenHash: "not-a-real-hash",
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      })
    ).id;
    app = await startApp({ databaseUrl });
    for (const who of [...ROLES, "outsider"] as const) {
      const client = new SignInClient(app.baseUrl);
      expect((await client.credentials(`${who}@iso.example.com`, PASSWORD)).status).toBe(200);
      people[who].client = client;
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await db?.$disconnect();
  });

  const call = async (
    who: Person,
    c: Pick<RouteCase, "method" | "pattern">,
    id: string,
    workspace: string | null,
  ) => {
    const url = c.pattern.replace("[id]", encodeURIComponent(id)).replace("[deliveryId]", "no-such-delivery");
    const res = await who.client.request(url, {
      method: c.method,
      headers: {
        "content-type": "application/json",
        origin: app.baseUrl,
        "x-csrf-token": csrfTokenFor(who.id),
        ...(workspace ? { "x-statline-workspace": workspace } : {}),
      },
      body: c.method === "GET" ? undefined : JSON.stringify(BODIES[`${c.method} ${c.pattern}`] ?? {}),
    });
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    return { status: res.status, code: body?.error?.code, message: body?.error?.message };
  };

  /** The object of workspace A a route acts on (another member's where there is one). */
  const objectInA = (pattern: string) =>
    pattern.includes("/keys/")
      ? ids.ownerKey
      : pattern.includes("/webhooks/")
        ? ids.hookA
        : pattern.includes("/members/invitations/")
          ? "no-such-invitation"
          : pattern.includes("/members/")
            ? people.owner.id
            : "no-such-object";

  it("finds every route's action", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.action === null).map((r) => `${r.method} ${r.file}`)).toEqual([]);
  });

  it("answers 404 to a member of another workspace on every route", async () => {
    for (const r of routes) {
      const got = await call(people.outsider, r, objectInA(r.pattern), people.owner.accountId);
      expect({ route: `${r.method} ${r.pattern}`, ...got }).toMatchObject({
        status: 404,
        message: "Workspace not found",
      });
    }
  });

  it("answers 403 to every role the matrix refuses, on every route, before anything changes", async () => {
    for (const role of ROLES) {
      for (const r of routes) {
        const verdict = can(role, r.action!);
        // "own": a developer acting on the owner's key is refused by the route's creator check.
        const refused = !verdict.ok || (verdict.value === "own" && r.pattern.includes("/keys/"));
        if (!refused) continue;
        const got = await call(people[role], r, objectInA(r.pattern), people.owner.accountId);
        expect({ role, route: `${r.method} ${r.pattern}`, ...got }).toMatchObject({
          status: 403,
          code: "FORBIDDEN",
        });
      }
    }
    expect(await db.apiKey.count({ where: { accountId: people.owner.accountId, revokedAt: null } })).toBe(2);
  });

  it("lets every role read what the matrix allows", async () => {
    for (const role of ROLES)
      for (const r of routes.filter((x) => x.method === "GET" && can(role, x.action!).ok)) {
        const got = await call(people[role], r, objectInA(r.pattern), people.owner.accountId);
        expect({ role, route: r.pattern, status: got.status }).toEqual({
          role,
          route: r.pattern,
          status: r.pattern.endsWith("[deliveryId]") ? 404 : 200,
        });
      }
  });

  it("answers 404 for another workspace's objects, even to an owner", async () => {
    const theirs = (pattern: string) =>
      pattern.includes("/keys/")
        ? ids.keyB
        : pattern.includes("/webhooks/")
          ? ids.hookB
          : pattern.includes("/members/invitations/")
            ? ids.inviteB
            : pattern.includes("/members/")
              ? people.outsider.id
              : null;
    for (const r of routes.filter((x) => x.pattern.includes("[id]") && theirs(x.pattern))) {
      const got = await call(people.owner, r, theirs(r.pattern)!, people.owner.accountId);
      expect({ route: `${r.method} ${r.pattern}`, status: got.status }).toEqual({
        route: `${r.method} ${r.pattern}`,
        status: 404,
      });
    }
    const keys = await call(
      people.owner,
      { method: "GET", pattern: "/api/dashboard/keys" },
      "",
      people.owner.accountId,
    );
    expect(keys.status).toBe(200);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: ids.keyB } })).toMatchObject({ revokedAt: null });
    expect(await db.invitation.findUniqueOrThrow({ where: { id: ids.inviteB } })).toMatchObject({
      revokedAt: null,
    });
  });

  it("lets a developer manage the keys they created, and nobody hand out a role above their own", async () => {
    const patchKey = { method: "PATCH", pattern: "/api/dashboard/keys/[id]" };
    expect((await call(people.developer, patchKey, ids.devKey, people.owner.accountId)).status).toBe(200);
    const member = { method: "PATCH", pattern: "/api/dashboard/members/[id]" };
    expect(await call(people.admin, member, people.owner.id, people.owner.accountId)).toMatchObject({
      status: 403,
    });
    const invite = { method: "POST", pattern: "/api/dashboard/members/invitations" };
    BODIES["POST /api/dashboard/members/invitations"] = { email: "boss@example.com", role: "owner" };
    expect(await call(people.admin, invite, "", people.owner.accountId)).toMatchObject({ status: 403 });
    BODIES["PATCH /api/dashboard/members/[id]"] = { role: "owner" };
    expect(await call(people.admin, member, people.developer.id, people.owner.accountId)).toMatchObject({
      status: 403,
    });
    BODIES["PATCH /api/dashboard/members/[id]"] = { role: "admin" };
    expect(await call(people.owner, member, people.owner.id, people.owner.accountId)).toMatchObject({
      status: 409,
      message: "A workspace needs an owner: make another member owner first",
    });
    expect(
      await db.membership.findMany({ where: { accountId: people.owner.accountId, role: "owner" } }),
    ).toHaveLength(1);
  });

  it("removing a member ends their session; the keys they created keep working", async () => {
    const remove = { method: "POST", pattern: "/api/dashboard/members/[id]/remove" };
    expect((await call(people.admin, remove, people.developer.id, people.owner.accountId)).status).toBe(200);
    const keys = { method: "GET", pattern: "/api/dashboard/keys" };
    expect((await call(people.developer, keys, "", null)).status).toBe(401);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: ids.devKey } })).toMatchObject({
      revokedAt: null,
    });
  });
});
