import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/platform/errors";
import { csrfTokenFor } from "../../lib/auth/csrf";
import {
  requireVerifiedEmail,
  sendVerification,
  UNVERIFIED_LIVE_KEY_MESSAGE,
  VERIFY_REFUSALS,
  VERIFY_TTL_MS,
  verifyEmail,
} from "../../lib/auth/email-verification";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { admin } from "../support/cli";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { decodedBody, mailbox, waitFor } from "../support/mailbox";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "./support";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const linkIn = (raw: string) =>
  new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(decodedBody(raw))![0]);
const origin = { ip: "203.0.113.9", userAgent: "vitest" };

describe("verification links (lib/auth/email-verification.ts)", () => {
  let t: TestDb;
  const mail = mailbox();
  const smtpBefore = process.env.SMTP_URL;
  beforeAll(async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await mail.listening}`;
    t = await sqliteTestDb();
  });
  afterAll(async () => {
    if (smtpBefore === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = smtpBefore;
    await t?.drop();
    await mail.close();
  });

  const newUser = (email: string) =>
    t.db.user.create({ data: { email, account: { create: { name: email } } } });
  const mailedToken = async (email: string, skip = 0) => {
    const found = await waitFor(() => mail.messages.filter((m) => m.to.includes(email))[skip]);
    return linkIn(found.raw).searchParams.get("token")!;
  };
  const verified = async (id: string) =>
    (await t.db.user.findUniqueOrThrow({ where: { id } })).emailVerified !== null;

  it("verifies once; a reused, expired or foreign link is refused with its own message", async () => {
    const ann = await newUser("ann@example.com");
    const bob = await newUser("bob@example.com");
    const now = Date.now();
    expect(await sendVerification(t.db, ann.id, "https://statline.test", now)).toBe("sent");
    const token = await mailedToken("ann@example.com");
    // Only the SHA-256 is stored, never the token.
    const row = await t.db.emailVerificationToken.findFirstOrThrow({ where: { userId: ann.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await verifyEmail(t.db, token, bob.id, origin, now)).toEqual({
      ok: false,
      reason: "wrong_account",
    });
    expect(await verifyEmail(t.db, token, null, origin, now + VERIFY_TTL_MS + 1)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await verified(ann.id)).toBe(false);
    await expect(requireVerifiedEmail(t.db, ann.id)).rejects.toEqual(
      new ApiError("FORBIDDEN", UNVERIFIED_LIVE_KEY_MESSAGE),
    );

    expect(await verifyEmail(t.db, token, ann.id, origin, now)).toEqual({
      ok: true,
      email: "ann@example.com",
      already: false,
    });
    expect(await verified(ann.id)).toBe(true);
    await expect(requireVerifiedEmail(t.db, ann.id)).resolves.toBeUndefined();
    expect(await verifyEmail(t.db, token, null, origin, now)).toEqual({ ok: false, reason: "used" });
    const audit = await t.db.auditEvent.findFirstOrThrow({ where: { action: "account.email_verified" } });
    expect(audit).toMatchObject({ actorUserId: ann.id, targetId: ann.id, ip: "203.0.113.9" });
    // Already verified: no new link is made.
    expect(await sendVerification(t.db, ann.id, "https://statline.test")).toBe("already_verified");
    for (const reason of ["used", "expired", "wrong_account", "invalid"] as const)
      expect(VERIFY_REFUSALS[reason].length).toBeGreaterThan(20);
  });

  it("keeps only the newest link, and refuses one sent to an address the account no longer has", async () => {
    const cy = await newUser("cy@example.com");
    await sendVerification(t.db, cy.id, "https://statline.test");
    await sendVerification(t.db, cy.id, "https://statline.test");
    const first = await mailedToken("cy@example.com", 0);
    const second = await mailedToken("cy@example.com", 1);
    expect(await verifyEmail(t.db, first, null, origin)).toEqual({ ok: false, reason: "invalid" });
    await t.db.user.update({ where: { id: cy.id }, data: { email: "cy.new@example.com" } });
    expect(await verifyEmail(t.db, second, null, origin)).toEqual({ ok: false, reason: "email_changed" });
    expect(await verified(cy.id)).toBe(false);
  });

  it("bounds hostile tokens and sends nothing (and logs no link) without SMTP_URL", async () => {
    const dee = await newUser("dee@example.com");
    for (const bad of ["", "short", "x".repeat(101), "a".repeat(43)])
      expect(await verifyEmail(t.db, bad, null, origin)).toEqual({ ok: false, reason: "invalid" });
    const smtp = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      expect(await sendVerification(t.db, dee.id, "https://statline.test")).toBe("not_configured");
    } finally {
      process.env.SMTP_URL = smtp;
    }
    expect(await t.db.emailVerificationToken.count({ where: { userId: dee.id } })).toBe(0);
  });
});

describe("verified email over HTTP: sign-up mail, live keys, resend limit, operator CLI", () => {
  let app: RunningApp;
  let databaseUrl: string;
  const mail = mailbox();
  const password = "violet tractor anthem 42";
  beforeAll(async () => {
    const port = await mail.listening;
    databaseUrl = copyTemplateDb(ensureTemplateDb());
    app = await startApp({ databaseUrl, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await app?.stop();
    await mail.close();
  });

  const json = (path: string, body: unknown, client?: SignInClient) =>
    (client ? client.request.bind(client) : (p: string, i: RequestInit) => fetch(`${app.baseUrl}${p}`, i))(
      path,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    );
  const userId = (email: string) => {
    const file = new Database(databaseUrl.slice("file:".length), { readonly: true });
    const row = file.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: string };
    file.close();
    return row.id;
  };

  it("sign-up mails a link; live keys wait for it; resend is limited; the link works once", async () => {
    const email = "fresh@example.com";
    expect((await json("/api/signup", { email, password })).status).toBe(201);
    const signupMail = await waitFor(() => mail.messages.find((m) => m.to.includes(email)));
    const firstLink = linkIn(signupMail.raw);
    expect(firstLink.origin).toBe(app.baseUrl);
    expect(app.output()).not.toContain(firstLink.searchParams.get("token")!);

    const client = new SignInClient(app.baseUrl);
    expect((await client.credentials(email, password)).status).toBe(200);
    const id = userId(email);
    const post = (path: string, body: unknown = {}) =>
      client.request(path, {
        method: "POST",
        headers: { "x-csrf-token": csrfTokenFor(id), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const live = await post("/api/dashboard/keys", { name: "prod", environment: "live" });
    expect(live.status).toBe(403);
    expect(await live.json()).toEqual({ error: { code: "FORBIDDEN", message: UNVERIFIED_LIVE_KEY_MESSAGE } });
    expect((await post("/api/dashboard/keys", { name: "dev", environment: "test" })).status).toBe(201);

    // Three new links at once, then 429 with Retry-After; each new link replaces the previous one.
    for (let i = 0; i < 3; i++) expect((await post("/api/dashboard/email-verification")).status).toBe(202);
    const limited = await post("/api/dashboard/email-verification");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    const mails = await waitFor(() => {
      const mine = mail.messages.filter((m) => m.to.includes(email));
      return mine.length === 4 ? mine : undefined;
    });
    const latest = linkIn(mails[3].raw);
    const replaced = await json("/api/verify-email", { token: firstLink.searchParams.get("token") }, client);
    expect(await replaced.json()).toEqual({
      error: { code: "INVALID_PARAMETER", message: VERIFY_REFUSALS.invalid },
    });

    // The link is followed: the page renders, its button posts the token.
    expect((await fetch(latest)).status).toBe(200);
    const token = latest.searchParams.get("token");
    const ok = await json("/api/verify-email", { token }, client);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { verified: true, email } });
    const reused = await json("/api/verify-email", { token }, client);
    expect(await reused.json()).toEqual({
      error: { code: "INVALID_PARAMETER", message: VERIFY_REFUSALS.used },
    });
    expect((await post("/api/dashboard/keys", { name: "prod", environment: "live" })).status).toBe(201);
    const again = await post("/api/dashboard/email-verification");
    expect(again.status).toBe(409);
  });

  it("refuses another account's link and hostile bodies with the error shape, never a 500", async () => {
    const { id } = createUser(databaseUrl, "other@example.com", password);
    createUser(databaseUrl, "target@example.com", password, { verified: false });
    const target = new SignInClient(app.baseUrl);
    expect((await target.credentials("target@example.com", password)).status).toBe(200);
    const targetId = userId("target@example.com");
    const sent = await target.request("/api/dashboard/email-verification", {
      method: "POST",
      headers: { "x-csrf-token": csrfTokenFor(targetId), "content-type": "application/json" },
      body: "{}",
    });
    expect(sent.status).toBe(202);
    const token = linkIn(
      (await waitFor(() => mail.messages.find((m) => m.to.includes("target@example.com")))).raw,
    ).searchParams.get("token");
    const other = new SignInClient(app.baseUrl);
    expect((await other.credentials("other@example.com", password)).status).toBe(200);
    expect(id).toBe(userId("other@example.com"));
    const foreign = await json("/api/verify-email", { token }, other);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      error: { code: "FORBIDDEN", message: VERIFY_REFUSALS.wrong_account },
    });

    for (const body of [{ token: "x".repeat(10_000) }, { token: 42 }, {}, "not json"]) {
      const res = await fetch(`${app.baseUrl}/api/verify-email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_PARAMETER");
    }
    const crossSite = await fetch(`${app.baseUrl}/api/verify-email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://evil.example" },
      body: JSON.stringify({ token }),
    });
    expect(crossSite.status).toBe(403);

    // The operator verifies without mail; the link then has nothing left to do.
    expect(admin(databaseUrl, "user", "verify", "--email", "Target@example.com")).toContain(
      "target@example.com: verified",
    );
    expect(admin(databaseUrl, "user", "verify", "target@example.com")).toContain("already verified");
    expect(() => admin(databaseUrl, "user", "verify", "--email", "nobody@example.com")).toThrow(/no user/);
  });
});
