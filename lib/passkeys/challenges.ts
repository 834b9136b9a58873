import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../platform/db";
import * as store from "./store";

/**
 * WebAuthn challenges: 32 random bytes, kept server-side as their SHA-256 only, good for one
 * answer (the row is deleted when taken, by exactly one caller under races) within CHALLENGE_TTL_MS.
 * A registration challenge is bound to the user and the session that asked for it.
 */
export const CHALLENGE_TTL_MS = 3 * 60_000;
/** What the browser is told to wait for (WebAuthn `timeout`), inside the challenge's life. */
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;

export type Purpose = "register" | "authenticate";
export interface Binding {
  userId?: string | null;
  sessionId?: string | null;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/**
 * A fresh challenge and the id the answer must name. `bytes` go to SimpleWebAuthn's options
 * (a string there would be taken as UTF-8 text and encoded again); `challenge` is their base64url,
 * as the client data carries it.
 */
export async function issueChallenge(db: Db, purpose: Purpose, binding: Binding = {}, now = Date.now()) {
  await store.deleteExpiredChallenges(db, new Date(now));
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = Buffer.from(bytes).toString("base64url");
  const row = await store.insertChallenge(db, {
    challengeHash: sha256(challenge).toString("base64url"),
    purpose,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
  });
  return { challengeId: row.id, challenge, bytes };
}

/**
 * Takes (deletes) a challenge and answers the check SimpleWebAuthn runs on the challenge in the
 * client data: true only for the issued one, compared in constant time. Null when the challenge is
 * unknown, already used, expired, of another purpose or bound to another user or session.
 */
export async function takeChallenge(
  db: Db,
  challengeId: string,
  purpose: Purpose,
  binding: Binding = {},
  now = Date.now(),
): Promise<((challenge: string) => boolean) | null> {
  if (!/^[a-z0-9]{10,40}$/i.test(challengeId)) return null;
  const row = await store.challengeRow(db, challengeId);
  if (!row || !(await store.deleteChallenge(db, challengeId))) return null;
  if (row.purpose !== purpose || row.expiresAt.getTime() <= now) return null;
  if ((row.userId ?? null) !== (binding.userId ?? null)) return null;
  if ((row.sessionId ?? null) !== (binding.sessionId ?? null)) return null;
  const expected = Buffer.from(row.challengeHash, "base64url");
  return (challenge: string) => timingSafeEqual(sha256(challenge), expected);
}
