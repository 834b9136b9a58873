import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  lastAuthenticatedAt,
  proveIdentity,
  REAUTH_WINDOW_MS,
  recentlyAuthenticated,
  requireRecentAuth,
} from "../../lib/auth/reauth";
import { reauthInput } from "../../lib/auth/schemas";
import { verifyAssertion, authenticationOptions } from "../../lib/passkeys/authenticate";
import { issueChallenge, takeChallenge, CHALLENGE_TTL_MS } from "../../lib/passkeys/challenges";
import { listPasskeys, removePasskey } from "../../lib/passkeys/manage";
import { registerPasskey, registrationOptions } from "../../lib/passkeys/register";
import { postgresTestDb, sqliteTestDb, type TestDb } from "../support/databases";
import { SoftwareAuthenticator } from "./software-authenticator";

// The relying party is NEXTAUTH_URL's host and origin (lib/passkeys/relying-party.ts).
process.env.NEXTAUTH_URL = "http://localhost:3000";

describe.each([
  ["SQLite", sqliteTestDb],
  ["PostgreSQL", postgresTestDb],
])("passkeys (WebAuthn service, real ES256 signatures) on %s", (_name, open) => {
  let t: TestDb;
  type U = { id: string; email: string; name: string | null; accountId: string; sessionId: string };
  let alice: U;
  let bob: U;
  const audit = (u: U) => ({ accountId: u.accountId, ip: "203.0.113.9", userAgent: "test" });

  async function makeUser(email: string): Promise<U> {
    const u = await t.db.user.create({ data: { email, account: { create: { name: email } } } });
    const s = await t.db.userSession.create({ data: { userId: u.id, tokenHash: `h-${email}` } });
    return { id: u.id, email, name: null, accountId: u.accountId, sessionId: s.id };
  }

  /** Registers a new software authenticator for `user` through both steps. */
  async function enrol(user: U, name = "Laptop") {
    const device = new SoftwareAuthenticator();
    const { challengeId, options } = await registrationOptions(t.db, user);
    const response = device.register(options.challenge);
    const view = await registerPasskey(t.db, user, { challengeId, response, name }, audit(user));
    return { device, view };
  }

  async function signIn(device: SoftwareAuthenticator, userId: string, opts = {}, expected?: string) {
    const { challengeId, options } = await authenticationOptions(t.db);
    const response = device.assert(options.challenge, userId, opts);
    return {
      result: await verifyAssertion(t.db, { challengeId, response }, expected),
      challengeId,
      response,
    };
  }

  beforeAll(async () => {
    t = await open();
    alice = await makeUser("alice.passkey@example.com");
    bob = await makeUser("bob.passkey@example.com");
  });
  afterAll(() => t?.drop());

  it("registers a passkey storing only public material, audited, and signs in with it", async () => {
    const { challengeId, options } = await registrationOptions(t.db, alice);
    expect(options.rp).toEqual({ name: "Statline", id: "localhost" });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    const device = new SoftwareAuthenticator();
    const view = await registerPasskey(
      t.db,
      alice,
      { challengeId, response: device.register(options.challenge), name: "Laptop" },
      audit(alice),
    );
    expect(view).toMatchObject({ name: "Laptop", lastUsedAt: null });
    const row = await t.db.passkey.findUniqueOrThrow({ where: { id: view.id } });
    expect(row).toMatchObject({
      userId: alice.id,
      credentialId: device.id,
      counter: 0,
      transports: "internal",
    });
    expect(Object.keys(row).sort()).toEqual(
      [
        "counter",
        "createdAt",
        "credentialId",
        "id",
        "lastUsedAt",
        "name",
        "publicKey",
        "transports",
        "userId",
      ].sort(),
    );
    expect(await t.db.auditEvent.count({ where: { action: "passkey.added", targetId: view.id } })).toBe(1);

    const { result } = await signIn(device, alice.id);
    expect(result).toEqual({ ok: true, userId: alice.id, passkeyId: view.id });
    const after = await t.db.passkey.findUniqueOrThrow({ where: { id: view.id } });
    expect(after.counter).toBe(1);
    expect(after.lastUsedAt).not.toBeNull();
    // Registering the same credential again is refused; excludeCredentials names it.
    const again = await registrationOptions(t.db, alice);
    expect(again.options.excludeCredentials?.map((c) => c.id)).toEqual([device.id]);
    await expect(
      registerPasskey(
        t.db,
        alice,
        { challengeId: again.challengeId, response: device.register(again.options.challenge), name: "x" },
        audit(alice),
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses a challenge used twice, for sign-in and registration alike", async () => {
    const { device } = await enrol(alice, "Phone");
    const first = await signIn(device, alice.id);
    expect(first.result.ok).toBe(true);
    // The same answer again (a replay), and a fresh signature over the spent challenge.
    expect(await verifyAssertion(t.db, { challengeId: first.challengeId, response: first.response })).toEqual(
      {
        ok: false,
      },
    );
    const clientData = JSON.parse(
      Buffer.from(first.response.response.clientDataJSON, "base64url").toString(),
    );
    const resigned = device.assert(clientData.challenge, alice.id);
    expect(await verifyAssertion(t.db, { challengeId: first.challengeId, response: resigned })).toEqual({
      ok: false,
    });

    const { challengeId, options } = await registrationOptions(t.db, alice);
    const other = new SoftwareAuthenticator();
    await registerPasskey(
      t.db,
      alice,
      { challengeId, response: other.register(options.challenge), name: "A" },
      audit(alice),
    );
    const third = new SoftwareAuthenticator();
    await expect(
      registerPasskey(
        t.db,
        alice,
        { challengeId, response: third.register(options.challenge), name: "B" },
        audit(alice),
      ),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER" });
    expect(await t.db.passkey.count({ where: { credentialId: third.id } })).toBe(0);
  });

  it("refuses an answer made for another origin, or without user verification", async () => {
    const { device } = await enrol(alice, "Key");
    const phished = await signIn(device, alice.id, { origin: "https://statline.example.evil" });
    expect(phished.result).toEqual({ ok: false });
    const unverified = await signIn(device, alice.id, { userVerified: false });
    expect(unverified.result).toEqual({ ok: false });
    // A registration made on another origin stores nothing.
    const { challengeId, options } = await registrationOptions(t.db, alice);
    const stranger = new SoftwareAuthenticator("localhost", "http://localhost:4000");
    await expect(
      registerPasskey(
        t.db,
        alice,
        { challengeId, response: stranger.register(options.challenge), name: "X" },
        audit(alice),
      ),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER" });
    expect(await t.db.passkey.count({ where: { credentialId: stranger.id } })).toBe(0);
    // Still good from the right origin afterwards.
    expect((await signIn(device, alice.id)).result.ok).toBe(true);
  });

  it("requires the signature counter to grow once the authenticator keeps one (a cloned key)", async () => {
    const { device, view } = await enrol(alice, "Counter");
    expect((await signIn(device, alice.id, { counter: 5 })).result.ok).toBe(true);
    expect((await signIn(device, alice.id, { counter: 5 })).result.ok).toBe(false);
    expect((await signIn(device, alice.id, { counter: 3 })).result.ok).toBe(false);
    expect((await t.db.passkey.findUniqueOrThrow({ where: { id: view.id } })).counter).toBe(5);
    expect((await signIn(device, alice.id, { counter: 9 })).result.ok).toBe(true);
    expect((await t.db.passkey.findUniqueOrThrow({ where: { id: view.id } })).counter).toBe(9);
  });

  it("refuses another user's credential as the second factor, and a user handle naming someone else", async () => {
    const { device } = await enrol(bob, "Bob's key");
    // Bob's passkey cannot complete Alice's second step.
    expect((await signIn(device, bob.id, {}, alice.id)).result).toEqual({ ok: false });
    // Nor sign in claiming Alice's user handle.
    expect((await signIn(device, alice.id)).result).toEqual({ ok: false });
    // For Bob himself it works (the failures spent their own challenges only).
    expect((await signIn(device, bob.id, {}, bob.id)).result).toMatchObject({ ok: true, userId: bob.id });
    // An unknown credential is refused.
    expect((await signIn(new SoftwareAuthenticator(), alice.id)).result).toEqual({ ok: false });
  });

  it("binds a registration challenge to its user and session, and lets challenges expire", async () => {
    const { challengeId, options } = await registrationOptions(t.db, alice);
    const device = new SoftwareAuthenticator();
    await expect(
      registerPasskey(
        t.db,
        bob,
        { challengeId, response: device.register(options.challenge), name: "x" },
        audit(bob),
      ),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER" });
    const other = await registrationOptions(t.db, alice);
    await expect(
      registerPasskey(
        t.db,
        { ...alice, sessionId: "another-session" },
        { challengeId: other.challengeId, response: device.register(other.options.challenge), name: "x" },
        audit(alice),
      ),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER" });

    const issued = await issueChallenge(t.db, "authenticate");
    expect(
      await takeChallenge(t.db, issued.challengeId, "authenticate", {}, Date.now() + CHALLENGE_TTL_MS + 1),
    ).toBeNull();
    const fresh = await issueChallenge(t.db, "authenticate");
    expect(await takeChallenge(t.db, fresh.challengeId, "register")).toBeNull();
    const good = await issueChallenge(t.db, "authenticate");
    const check = await takeChallenge(t.db, good.challengeId, "authenticate");
    expect(check?.(good.challenge)).toBe(true);
    expect(check?.(fresh.challenge)).toBe(false);
    // Only its SHA-256 is stored.
    const rows = await t.db.webAuthnChallenge.findMany();
    expect(rows.some((r) => r.challengeHash === fresh.challenge)).toBe(false);
  });

  it("re-authenticates a session with a fresh assertion of the user's own passkey, for the same window", async () => {
    const { device } = await enrol(alice, "Reauth key");
    // A session signed in an hour ago: a security change needs a new proof.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db.userSession.update({
      where: { id: alice.sessionId },
      data: { createdAt: hourAgo, reauthAt: null },
    });
    expect(await recentlyAuthenticated(t.db, alice.sessionId)).toBe(false);
    await expect(requireRecentAuth(t.db, alice)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const assertion = async (d: SoftwareAuthenticator, userId: string) => {
      const { challengeId, options } = await authenticationOptions(t.db);
      return { challengeId, response: d.assert(options.challenge, userId) };
    };
    // Another user's passkey proves nothing for Alice (and is the `passkey` field's error).
    const carol = await makeUser("carol.passkey@example.com");
    const { device: carols } = await enrol(carol, "Carol's key");
    await expect(
      proveIdentity(t.db, alice, { passkey: await assertion(carols, carol.id) }, null),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER", field: "passkey" });
    expect(await recentlyAuthenticated(t.db, alice.sessionId)).toBe(false);

    const proof = await assertion(device, alice.id);
    const at = await proveIdentity(t.db, alice, { passkey: proof }, null);
    expect(await lastAuthenticatedAt(t.db, alice.sessionId)).toEqual(at);
    expect(await recentlyAuthenticated(t.db, alice.sessionId)).toBe(true);
    expect(await recentlyAuthenticated(t.db, alice.sessionId, at.getTime() + REAUTH_WINDOW_MS - 1)).toBe(
      true,
    );
    expect(await recentlyAuthenticated(t.db, alice.sessionId, at.getTime() + REAUTH_WINDOW_MS)).toBe(false);
    // The same answer again (a replay) is refused: its challenge is spent.
    await expect(proveIdentity(t.db, alice, { passkey: proof }, null)).rejects.toMatchObject({
      code: "INVALID_PARAMETER",
    });
    // The request schema takes the assertion as the browser sends it, and refuses a malformed one.
    expect(reauthInput.safeParse({ passkey: await assertion(device, alice.id) }).success).toBe(true);
    expect(reauthInput.safeParse({ passkey: { challengeId: "x", response: {} } }).success).toBe(false);
  });

  it("lists, and removes only the owner's passkey, audited", async () => {
    const list = await listPasskeys(t.db, bob.id);
    expect(list.map((p) => p.name)).toEqual(["Bob's key"]);
    expect(list[0].lastUsedAt).not.toBeNull();
    const actor = (u: U) => ({ userId: u.id, accountId: u.accountId, ip: null, userAgent: null });
    await expect(removePasskey(t.db, actor(alice), list[0].id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await removePasskey(t.db, actor(bob), list[0].id);
    expect(await listPasskeys(t.db, bob.id)).toEqual([]);
    expect(await t.db.auditEvent.count({ where: { action: "passkey.removed", targetId: list[0].id } })).toBe(
      1,
    );
  });
});
