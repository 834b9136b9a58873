import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { beginTotpSetup, checkSecondFactor, disableTotp, enableTotp, totpStatus } from "../../lib/auth/totp";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "./support";
import { totpCode } from "./totp-code";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";
const audit = { accountId: "", ip: null, userAgent: null };

describe("TOTP two-factor (library level)", () => {
  let t: TestDb;
  let user: { id: string; email: string; accountId: string };
  beforeAll(async () => {
    t = await sqliteTestDb();
    user = await t.db.user.create({ data: { email: "2fa@example.com", account: { create: { name: "x" } } } });
    audit.accountId = user.accountId;
  });
  afterAll(() => t?.drop());

  it("sets up with a secret an RFC 6238 app accepts, stores it encrypted, and turns on with a valid code", async () => {
    const setup = await beginTotpSetup(t.db, user);
    if (!setup.ok) throw new Error("setup refused");
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Statline:2fa%40example\.com\?/);
    const stored = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.totpSecret).not.toContain(setup.secret);
    expect(await enableTotp(t.db, user.id, "000000", audit)).toEqual({ ok: false, reason: "invalid_code" });
    const on = await enableTotp(t.db, user.id, totpCode(setup.secret), audit);
    if (!on.ok) throw new Error("enable refused");
    expect(on.recoveryCodes).toHaveLength(10);
    expect(await totpStatus(t.db, user.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // The enabling code spent the current step: it and older steps are refused, the next step
    // (inside the drift window) is good once.
    expect(await checkSecondFactor(t.db, user.id, totpCode(setup.secret))).toBe(false);
    expect(await checkSecondFactor(t.db, user.id, totpCode(setup.secret, Date.now(), -1))).toBe(false);
    expect(await checkSecondFactor(t.db, user.id, totpCode(setup.secret, Date.now(), 3))).toBe(false);
    const next = totpCode(setup.secret, Date.now(), 1);
    const racing = await Promise.all([
      checkSecondFactor(t.db, user.id, next),
      checkSecondFactor(t.db, user.id, next),
    ]);
    expect(racing.sort()).toEqual([false, true]);
    const [first] = on.recoveryCodes;
    const twice = await Promise.all([
      checkSecondFactor(t.db, user.id, first),
      checkSecondFactor(t.db, user.id, first),
    ]);
    expect(twice.sort()).toEqual([false, true]);
    expect(await totpStatus(t.db, user.id)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    expect(await disableTotp(t.db, user.id, "123456", audit)).toBe(false);
    expect(await disableTotp(t.db, user.id, on.recoveryCodes[1], audit)).toBe(true);
    expect(await totpStatus(t.db, user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});

describe("two-factor sign-in over HTTP", () => {
  let app: RunningApp;
  let userId: string;
  const email = "twofactor@example.com";
  const password = "violet tractor anthem 42";
  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    userId = createUser(databaseUrl, email, password).id;
    app = await startApp({ databaseUrl });
  });
  afterAll(() => app?.stop());

  it(
    "asks for the code once on, accepts a current code or a recovery code (once)",
    { timeout: 180_000 },
    async () => {
      const client = new SignInClient(app.baseUrl);
      expect((await client.credentials(email, password)).status).toBe(200);
      const post = async (path: string, body: unknown = {}) =>
        client.request(path, {
          method: "POST",
          headers: { "x-csrf-token": csrfTokenFor(userId), "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const setup = (await (await post("/api/dashboard/2fa/setup")).json()) as { data: { secret: string } };
      const enabled = await post("/api/dashboard/2fa/enable", { code: totpCode(setup.data.secret) });
      expect(enabled.status).toBe(200);
      const { recoveryCodes } = ((await enabled.json()) as { data: { recoveryCodes: string[] } }).data;

      const error = async (res: Response) =>
        new URL(((await res.json()) as { url: string }).url).searchParams.get("error");
      const fresh = new SignInClient(app.baseUrl);
      const noCode = await fresh.credentials(email, password);
      expect(noCode.status).toBe(401);
      expect(await error(noCode)).toBe("TwoFactorRequired");
      expect(fresh.sessionCookie()).toBeUndefined();
      expect(await error(await fresh.credentials(email, password, { otp: "000000" }))).toBe(
        "TwoFactorInvalid",
      );
      // The enabling code spent the current step; the next one is inside the drift window.
      const withCode = await fresh.credentials(email, password, {
        otp: totpCode(setup.data.secret, Date.now(), 1),
      });
      expect(withCode.status).toBe(200);
      expect((await fresh.get("/api/dashboard/keys")).status).toBe(200);

      const viaRecovery = new SignInClient(app.baseUrl);
      expect((await viaRecovery.credentials(email, password, { otp: recoveryCodes[0] })).status).toBe(200);
      const reused = new SignInClient(app.baseUrl);
      expect(await error(await reused.credentials(email, password, { otp: recoveryCodes[0] }))).toBe(
        "TwoFactorInvalid",
      );
    },
  );
});
