import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyTemplateDb } from "../../tests/support/app";
import { ensureTemplateDb } from "../../tests/support/template";
import { findOrCreateUser } from "../accounts/users";
import { createClient, type Db } from "../platform/db/client";
import { approveSession } from "./approve";
import { type HandoffError } from "./errors";
import { exchangeCode, pollSession } from "./exchange";
import { startSession } from "./start";

let db: Db;
let user: { id: string; email: string; name: string | null; accountId: string };
beforeAll(async () => {
  db = createClient(copyTemplateDb(ensureTemplateDb()));
  const row = await findOrCreateUser(db, "race@example.com");
  user = { id: row.id, email: row.email, name: row.name, accountId: row.accountId };
});
afterAll(() => db.$disconnect());

async function approvedSession() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const started = await startSession(
    db,
    { code_challenge: challenge, code_challenge_method: "S256", client_name: "race", environment: "test" },
    { ip: "192.0.2.9", baseUrl: "http://x" },
  );
  const decision = await approveSession(
    db,
    { userCode: started.user_code.replace("-", ""), user, environment: "test" },
    {},
  );
  if (!decision.ok || !decision.value.code) throw new Error("approval failed");
  return { sessionId: started.session_id, code: decision.value.code, verifier };
}

const liveKeysOf = async (sessionId: string) => {
  const session = await db.handoffSession.findUnique({ where: { id: sessionId } });
  const keys = await db.apiKey.findMany({
    where: { accountId: user.accountId, name: "race", revokedAt: null },
  });
  return { session, keys };
};

describe("exchange atomicity", () => {
  it("concurrent uses of one code never leave a usable key behind a replay", async () => {
    const before = await db.apiKey.count({
      where: { accountId: user.accountId, name: "race", revokedAt: null },
    });
    const { sessionId, code, verifier } = await approvedSession();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        i % 2 ? pollSession(db, sessionId, verifier, {}) : exchangeCode(db, code, verifier, {}),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won.length).toBeLessThanOrEqual(1);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as HandoffError).code).toBe("invalid_grant");
    }
    // Either the code was used more than once (so the first key is revoked), or nothing was issued.
    const { session, keys } = await liveKeysOf(sessionId);
    expect(keys.length).toBe(before);
    expect(session?.status).toBe("dead");
  });

  it("a single exchange issues exactly one agent key bound to the approver", async () => {
    const { sessionId, code, verifier } = await approvedSession();
    const issued = await exchangeCode(db, code, verifier, {});
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: issued.key_id } });
    expect(key).toMatchObject({
      accountId: user.accountId,
      createdById: user.id,
      source: "agent",
      revokedAt: null,
    });
    const session = await db.handoffSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session).toMatchObject({ status: "exchanged", apiKeyId: issued.key_id });
    expect(session.codeUsedAt).not.toBeNull();
    // Only the hash of the code is stored.
    expect(JSON.stringify(session)).not.toContain(code);
    expect(JSON.stringify(session)).not.toContain(verifier);
  });

  it("a replayed code with a wrong verifier is refused and leaves the issued key alone", async () => {
    const { sessionId, code, verifier } = await approvedSession();
    const issued = await exchangeCode(db, code, verifier, {});
    const wrong = randomBytes(32).toString("base64url");
    await expect(exchangeCode(db, code, wrong, {})).rejects.toMatchObject({ code: "invalid_grant" });
    await expect(pollSession(db, sessionId, wrong, {})).rejects.toMatchObject({ code: "invalid_grant" });
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: issued.key_id } });
    expect(key.revokedAt).toBeNull();
    // The same replay with the right verifier means both leaked: the key is revoked.
    await expect(exchangeCode(db, code, verifier, {})).rejects.toMatchObject({ code: "invalid_grant" });
    const after = await db.apiKey.findUniqueOrThrow({ where: { id: issued.key_id } });
    expect(after.revokedAt).not.toBeNull();
  });
});
