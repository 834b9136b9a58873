import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { githubTicket } from "../../lib/auth/github-2fa";
import { REAUTH_MESSAGE } from "../../lib/auth/reauth";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { mailbox, waitFor } from "../support/mailbox";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "./support";
import { totpCode } from "./totp-code";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

describe("account recovery and security changes over HTTP", () => {
  let app: RunningApp;
  let databaseUrl: string;
  const mail = mailbox();
  const password = "violet tractor anthem 42";
  beforeAll(async () => {
    const port = await mail.listening;
    databaseUrl = copyTemplateDb(ensureTemplateDb());
    app = await startApp({
      databaseUrl,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "Statline <auth@statline.test>" },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await mail.close();
  });

  const signedIn = async (email: string, pw = password) => {
    const client = new SignInClient(app.baseUrl);
    expect((await client.credentials(email, pw)).status).toBe(200);
    return client;
  };
  const poster =
    (client: SignInClient, userId: string) =>
    (path: string, body: unknown = {}) =>
      client.request(path, {
        method: "POST",
        headers: { "x-csrf-token": csrfTokenFor(userId), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
  const json = (path: string, body: unknown) =>
    fetch(`${app.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("resets a password by the emailed link: once, ending every session", { timeout: 240_000 }, async () => {
    const email = "forgot@example.com";
    createUser(databaseUrl, email, password);
    const before = await signedIn(email);
    const unknown = await json("/api/password-reset", { email: "nobody-here@example.com" });
    const known = await json("/api/password-reset", { email });
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(await unknown.json()).toEqual(await known.json());
    const message = await waitFor(() => mail.messages.find((m) => m.to.includes(email)));
    expect(mail.messages.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
    expect(message.raw).toMatch(/^From: Statline <auth@statline\.test>/m);
    // The body is quoted-printable (RFC 2045): soft line breaks and =XX escapes decoded.
    const body = message.raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(body)![0]);
    expect(link.origin).toBe(app.baseUrl);
    // The link is followed: the page renders, then the form posts the token with the new password.
    expect((await fetch(link)).status).toBe(200);
    const token = link.searchParams.get("token")!;
    const weak = await json("/api/password-reset/confirm", { token, password: "Summer2026!!" });
    expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(
      /too easy to guess/,
    );
    // Past its 30 minutes the link is refused (the row's expiry moved back, then restored).
    const file = new Database(databaseUrl.slice("file:".length));
    const expiry = file.prepare("SELECT expiresAt FROM password_reset_tokens").get() as { expiresAt: string };
    const setExpiry = (v: string) => file.prepare("UPDATE password_reset_tokens SET expiresAt = ?").run(v);
    setExpiry(new Date(Date.now() - 60_000).toISOString().replace("Z", "+00:00"));
    const next = "quiet harbour lantern 77";
    expect((await json("/api/password-reset/confirm", { token, password: next })).status).toBe(400);
    setExpiry(expiry.expiresAt);
    file.close();
    const reset = await json("/api/password-reset/confirm", { token, password: next });
    expect(reset.status).toBe(200);
    const again = await json("/api/password-reset/confirm", { token, password: "another quiet lantern 8" });
    expect(again.status).toBe(400);
    expect((await before.get("/api/dashboard/keys")).status).toBe(401);
    expect((await new SignInClient(app.baseUrl).credentials(email, password)).status).toBe(401);
    await signedIn(email, next);
    // Only the token's hash is stored.
    const db = new Database(databaseUrl.slice("file:".length), { readonly: true });
    const rows = db.prepare("SELECT tokenHash, usedAt FROM password_reset_tokens").all() as {
      tokenHash: string;
      usedAt: number | null;
    }[];
    db.close();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.every((r) => r.usedAt !== null)).toBe(true);
  });

  it(
    "changes the password in the dashboard with the current one; other sessions end",
    { timeout: 240_000 },
    async () => {
      const email = "changer@example.com";
      const { id } = createUser(databaseUrl, email, password);
      const other = await signedIn(email);
      const client = await signedIn(email);
      const post = poster(client, id);
      const next = "amber orchard compass 19";
      const missing = await post("/api/dashboard/password", { newPassword: next });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        error: {
          code: "INVALID_PARAMETER",
          message: "Enter your current password",
          field: "currentPassword",
        },
      });
      const wrong = await post("/api/dashboard/password", {
        currentPassword: "not it at all",
        newPassword: next,
      });
      expect(wrong.status).toBe(400);
      // The form shows it under the current-password field.
      expect(await wrong.json()).toEqual({
        error: {
          code: "INVALID_PARAMETER",
          message: "That password is not correct",
          field: "currentPassword",
        },
      });
      const weak = await post("/api/dashboard/password", {
        currentPassword: password,
        newPassword: "Summer2026!!",
      });
      expect(((await weak.json()) as { error: { field?: string } }).error.field).toBe("newPassword");
      const ok = await post("/api/dashboard/password", { currentPassword: password, newPassword: next });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: { otherSessionsEnded: number } }).data.otherSessionsEnded).toBe(1);
      expect((await client.get("/api/dashboard/keys")).status).toBe(200);
      expect((await other.get("/api/dashboard/keys")).status).toBe(401);
      await signedIn(email, next);
    },
  );

  it(
    "asks for re-authentication 10 minutes after sign-in before 2FA and live keys",
    { timeout: 240_000 },
    async () => {
      const email = "stale-session@example.com";
      const { id } = createUser(databaseUrl, email, password);
      const client = await signedIn(email);
      const post = poster(client, id);
      const db = new Database(databaseUrl.slice("file:".length));
      // Stored the way the adapter stores DateTime (ISO 8601 text): signed in 11 minutes ago.
      const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
      db.prepare("UPDATE user_sessions SET createdAt = ?, lastSeenAt = ? WHERE userId = ?").run(
        iso(Date.now() - 11 * 60_000),
        iso(Date.now()),
        id,
      );
      db.close();
      const refused = await post("/api/dashboard/2fa/setup");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: { code: "FORBIDDEN", message: REAUTH_MESSAGE } });
      expect((await post("/api/dashboard/keys", { name: "live one", environment: "live" })).status).toBe(403);
      expect((await post("/api/dashboard/keys", { name: "test one", environment: "test" })).status).toBe(201);
      expect((await post("/api/dashboard/reauth", { password: "not my password" })).status).toBe(400);
      expect((await post("/api/dashboard/reauth", { password })).status).toBe(200);
      expect((await post("/api/dashboard/keys", { name: "live one", environment: "live" })).status).toBe(201);
      const setup = (await (await post("/api/dashboard/2fa/setup")).json()) as { data: { secret: string } };
      expect((await post("/api/dashboard/2fa/enable", { code: totpCode(setup.data.secret) })).status).toBe(
        200,
      );
    },
  );

  it(
    "a GitHub sign-in of a 2FA user completes only with a code (its sealed ticket)",
    { timeout: 240_000 },
    async () => {
      const email = "github-2fa@example.com";
      const { id } = createUser(databaseUrl, email, password);
      const client = await signedIn(email);
      const post = poster(client, id);
      const setup = (await (await post("/api/dashboard/2fa/setup")).json()) as { data: { secret: string } };
      expect((await post("/api/dashboard/2fa/enable", { code: totpCode(setup.data.secret) })).status).toBe(
        200,
      );
      const error = async (res: Response) =>
        new URL(((await res.json()) as { url: string }).url).searchParams.get("error");
      const ticket = githubTicket(id);
      const browser = new SignInClient(app.baseUrl);
      const noCode = await browser.nextAuthPost("/api/auth/callback/credentials", { ticket });
      expect(await error(noCode)).toBe("TwoFactorRequired");
      const forged = await browser.nextAuthPost("/api/auth/callback/credentials", {
        ticket: `${ticket.slice(0, -4)}AAAA`,
        otp: totpCode(setup.data.secret, Date.now(), 1),
      });
      expect(forged.status).toBe(401);
      const expired = githubTicket(id, Date.now() - 6 * 60_000);
      const late = await browser.nextAuthPost("/api/auth/callback/credentials", {
        ticket: expired,
        otp: totpCode(setup.data.secret, Date.now(), 1),
      });
      expect(late.status).toBe(401);
      const ok = await browser.nextAuthPost("/api/auth/callback/credentials", {
        ticket,
        otp: totpCode(setup.data.secret, Date.now(), 1),
      });
      expect(ok.status).toBe(200);
      expect((await browser.get("/api/dashboard/keys")).status).toBe(200);
    },
  );
});
