import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { registerPasskey, registrationOptions } from "../../lib/passkeys/register";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { SignInClient } from "./support";
import { SoftwareAuthenticator } from "./software-authenticator";

// Passkeys through next-auth over real HTTP: sign-in with a passkey alone, and a passkey as the
// second factor of a user with two-factor on (lib/auth/credentials.ts).
describe("passkey sign-in over HTTP", () => {
  let app: RunningApp;
  let db: Db;
  const password = "violet tractor anthem 42";
  const users: Record<string, { id: string; email: string; device: SoftwareAuthenticator }> = {};

  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    app = await startApp({ databaseUrl });
    // The relying party the server uses: its NEXTAUTH_URL (an IP address suits the protocol; only
    // browsers refuse one).
    process.env.NEXTAUTH_URL = app.baseUrl;
    db = createClient(databaseUrl);
    for (const who of ["alice", "bob"]) {
      const email = `${who}.http-passkey@example.com`;
      const { id, accountId } = createUser(databaseUrl, email, password);
      const device = new SoftwareAuthenticator(new URL(app.baseUrl).hostname, app.baseUrl);
      const me = { id, email, name: null, sessionId: "test-session" };
      const { challengeId, options } = await registrationOptions(db, me);
      await registerPasskey(
        db,
        me,
        { challengeId, response: device.register(options.challenge), name: "Key" },
        { accountId, ip: null, userAgent: null },
      );
      users[who] = { id, email, device };
    }
    await db.user.update({ where: { id: users.alice.id }, data: { totpEnabledAt: new Date() } });
  }, 240_000);
  afterAll(async () => {
    await db?.$disconnect();
    await app?.stop();
  });

  async function assertion(client: SignInClient, who: { id: string; device: SoftwareAuthenticator }) {
    const res = await client.request("/api/passkeys/options", {
      method: "POST",
      headers: { origin: app.baseUrl },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { challengeId: string; options: { challenge: string } } };
    return JSON.stringify({
      challengeId: data.challengeId,
      response: who.device.assert(data.options.challenge, who.id),
    });
  }
  const error = async (res: Response) =>
    new URL(((await res.json()) as { url: string }).url).searchParams.get("error");

  it("signs in with a passkey alone, once per challenge, and records the sign-in", async () => {
    const client = new SignInClient(app.baseUrl);
    const answer = await assertion(client, users.bob);
    const res = await client.nextAuthPost("/api/auth/callback/passkey", { assertion: answer });
    expect(res.status).toBe(200);
    expect((await client.get("/api/dashboard/sign-ins")).status).toBe(200);
    const history = (await (await client.get("/api/dashboard/sign-ins")).json()) as {
      data: { method: string }[];
    };
    expect(history.data[0].method).toBe("passkey");

    const replay = new SignInClient(app.baseUrl);
    const again = await replay.nextAuthPost("/api/auth/callback/passkey", { assertion: answer });
    expect(await error(again)).toBe("PasskeyInvalid");
    expect(replay.sessionCookie()).toBeUndefined();
    const junk = await replay.nextAuthPost("/api/auth/callback/passkey", { assertion: "{not json" });
    expect(await error(junk)).toBe("PasskeyInvalid");
  });

  it("takes the user's own passkey instead of the code after the password, never another user's", async () => {
    const client = new SignInClient(app.baseUrl);
    expect(await error(await client.credentials(users.alice.email, password))).toBe("TwoFactorRequired");
    const foreign = await client.credentials(users.alice.email, password, {
      passkey: await assertion(client, users.bob),
    });
    expect(await error(foreign)).toBe("PasskeyInvalid");
    expect(client.sessionCookie()).toBeUndefined();
    const own = await client.credentials(users.alice.email, password, {
      passkey: await assertion(client, users.alice),
    });
    expect(own.status).toBe(200);
    expect((await client.get("/api/dashboard/keys")).status).toBe(200);
  });
});
