import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import {
  activeSession,
  createSession,
  endOtherSessions,
  hashSessionId,
  listSessions,
  revokeSessions,
} from "../../lib/auth/sessions";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "./support";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const meta = { ip: "203.0.113.5", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };

describe("session table", () => {
  let t: TestDb;
  let userId: string;
  let accountId: string;
  beforeAll(async () => {
    t = await sqliteTestDb();
    const user = await t.db.user.create({
      data: { email: "s@example.com", account: { create: { name: "s" } } },
    });
    userId = user.id;
    accountId = user.accountId;
  });
  afterAll(() => t?.drop());

  it("stores only a hash of the session id and finds the live session by it", async () => {
    const { sid, id } = await createSession(t.db, userId, meta);
    const row = await t.db.userSession.findUniqueOrThrow({ where: { id } });
    expect(row.tokenHash).toBe(hashSessionId(sid));
    expect(JSON.stringify(row)).not.toContain(sid);
    expect(await activeSession(t.db, sid, meta)).toMatchObject({ id, userId });
    expect(await activeSession(t.db, "x".repeat(43), meta)).toBeNull();
    expect(await activeSession(t.db, undefined, meta)).toBeNull();
  });

  it("revokes one session or all of them, at once even for a cached check, and audits it", async () => {
    const a = await createSession(t.db, userId, meta);
    const b = await createSession(t.db, userId, { ip: null, userAgent: null });
    expect(await activeSession(t.db, a.sid, meta)).not.toBeNull();
    const actor = { userId, accountId, ip: "203.0.113.5", userAgent: "ua" };
    expect(await revokeSessions(t.db, actor, a.id)).toBe(1);
    expect(await activeSession(t.db, a.sid, meta)).toBeNull();
    expect(await activeSession(t.db, b.sid, meta)).not.toBeNull();
    const listed = await listSessions(t.db, userId, b.id);
    expect(listed.find((s) => s.id === b.id)?.current).toBe(true);
    expect(listed.some((s) => s.id === a.id)).toBe(false);
    expect(await revokeSessions(t.db, { ...actor, userId: "someone-else" }, b.id)).toBe(0);
    expect(await revokeSessions(t.db, actor, null)).toBeGreaterThanOrEqual(2);
    expect(await activeSession(t.db, b.sid, meta)).toBeNull();
    const actions = (await t.db.auditEvent.findMany({ where: { accountId } })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["session.revoked", "session.revoked_all"]));
  });
});

describe("session lifetime", () => {
  let t: TestDb;
  let userId: string;
  beforeAll(async () => {
    t = await sqliteTestDb();
    userId = (
      await t.db.user.create({ data: { email: "l@example.com", account: { create: { name: "l" } } } })
    ).id;
  });
  afterAll(() => t?.drop());

  it("ends a session 30 days after sign-in however active it stays", async () => {
    const { sid, id } = await createSession(t.db, userId, meta);
    const day = 86_400_000;
    const now = Date.now();
    // Used every day: lastSeenAt is always fresh, only createdAt ages.
    await t.db.userSession.update({
      where: { id },
      data: { createdAt: new Date(now - 29 * day), lastSeenAt: new Date(now - 1000) },
    });
    expect(await activeSession(t.db, sid, meta, now + 10_000)).not.toBeNull();
    await t.db.userSession.update({
      where: { id },
      data: { createdAt: new Date(now - 31 * day), lastSeenAt: new Date(now - 1000) },
    });
    expect(await activeSession(t.db, sid, meta, now + 20_000)).toBeNull();
    expect(await listSessions(t.db, userId, null)).toEqual([]);
  });

  it("ends every other session of a user (password change) and keeps the current one", async () => {
    const keep = await createSession(t.db, userId, meta);
    const other = await createSession(t.db, userId, meta);
    expect(await activeSession(t.db, other.sid, meta)).not.toBeNull();
    expect(await endOtherSessions(t.db, userId, keep.id)).toBeGreaterThanOrEqual(1);
    expect(await activeSession(t.db, other.sid, meta)).toBeNull();
    expect(await activeSession(t.db, keep.sid, meta)).not.toBeNull();
  });
});

describe("revocable sessions over HTTP", () => {
  let app: RunningApp;
  const email = "sessions@example.com";
  const password = "violet tractor anthem 42";
  let userId: string;
  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    userId = createUser(databaseUrl, email, password).id;
    app = await startApp({ databaseUrl });
  });
  afterAll(() => app?.stop());

  const copyOf = (client: SignInClient) => {
    const copy = new SignInClient(app.baseUrl);
    const [name, value] = client.sessionCookie()!;
    copy.cookies.set(name, value);
    return copy;
  };

  it("sign-out ends the session server-side: a copied cookie gets 401 and is not renewed", async () => {
    const client = new SignInClient(app.baseUrl, { "user-agent": meta.userAgent });
    expect((await client.credentials(email, password)).status).toBe(200);
    const copy = copyOf(client);
    expect((await copy.get("/api/dashboard/keys")).status).toBe(200);
    const sessions = (await (await client.get("/api/dashboard/sessions")).json()) as {
      data: { id: string; current: boolean; userAgent: string; ip: string }[];
    };
    expect(sessions.data.find((s) => s.current)).toMatchObject({
      userAgent: meta.userAgent,
      ip: "127.0.0.1",
    });
    expect((await client.signOut()).status).toBe(200);
    expect((await copy.get("/api/dashboard/keys")).status).toBe(401);
    const renewed = await copy.get("/api/auth/session");
    expect(await renewed.json()).toEqual({});
    expect(renewed.headers.getSetCookie().some((c) => /session-token=[^;]+;/.test(c) && !/=;/.test(c))).toBe(
      false,
    );
  });

  it("revoking a session from the account page, and signing out everywhere", async () => {
    const laptop = new SignInClient(app.baseUrl);
    const phone = new SignInClient(app.baseUrl);
    await laptop.credentials(email, password);
    await phone.credentials(email, password);
    const csrf = csrfTokenFor(userId);
    const list = (await (await laptop.get("/api/dashboard/sessions")).json()) as {
      data: { id: string; current: boolean }[];
    };
    const other = list.data.filter((s) => !s.current);
    expect(other.length).toBeGreaterThanOrEqual(1);
    const post = (path: string) =>
      laptop.request(path, { method: "POST", headers: { "x-csrf-token": csrf, origin: app.baseUrl } });
    expect((await post(`/api/dashboard/sessions/${other[0].id}/revoke`)).status).toBe(200);
    expect((await phone.get("/api/dashboard/keys")).status).toBe(401);
    expect((await laptop.get("/api/dashboard/keys")).status).toBe(200);
    expect((await laptop.request("/api/dashboard/sessions/revoke-all", { method: "POST" })).status).toBe(403);
    expect((await post("/api/dashboard/sessions/revoke-all")).status).toBe(200);
    expect((await laptop.get("/api/dashboard/keys")).status).toBe(401);
  });
});
