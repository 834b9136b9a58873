import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { ApiError } from "../platform/errors";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { CEREMONY_TIMEOUT_MS, issueChallenge, takeChallenge } from "./challenges";
import { relyingParty } from "./relying-party";
import * as store from "./store";

/** Passkeys one user may keep (a phone, a laptop, security keys and spares). */
export const MAX_PASSKEYS = 10;

export interface Registrant {
  id: string;
  email: string;
  name: string | null;
  sessionId?: string;
}

/** The WebAuthn user handle: the user id's bytes (no address or name in it). */
export const userHandle = (userId: string) => new TextEncoder().encode(userId);

/**
 * Step 1: options for navigator.credentials.create(): a discoverable credential (a passkey, so
 * sign-in needs no address), user verification required, the user's existing passkeys excluded.
 */
export async function registrationOptions(db: Db, user: Registrant) {
  const existing = await store.passkeysOf(db, user.id);
  if (existing.length >= MAX_PASSKEYS)
    throw new ApiError(
      "CONFLICT",
      `You have ${MAX_PASSKEYS} passkeys, the most an account keeps. Remove one first.`,
    );
  const rp = relyingParty();
  const { challengeId, bytes } = await issueChallenge(db, "register", {
    userId: user.id,
    sessionId: user.sessionId,
  });
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: userHandle(user.id),
    challenge: bytes,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: splitTransports(p.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { challengeId, options };
}

export const splitTransports = (text: string) => (text ? text.split(",") : undefined);

type Audit = { accountId: string; ip: string | null; userAgent: string | null };

/**
 * Step 2: the authenticator's answer, checked against the challenge this user and session were
 * given, the configured origin and RP ID; the credential's public part is stored under `name`.
 */
export async function registerPasskey(
  db: Db,
  user: Registrant,
  input: { challengeId: string; response: RegistrationResponseJSON; name: string },
  audit: Audit,
) {
  const expectedChallenge = await takeChallenge(db, input.challengeId, "register", {
    userId: user.id,
    sessionId: user.sessionId,
  });
  if (!expectedChallenge)
    throw new ApiError("INVALID_PARAMETER", "This passkey request expired or was already used. Try again.");
  const rp = relyingParty();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    verified = { verified: false as const };
  }
  if (!verified.verified)
    throw new ApiError("INVALID_PARAMETER", "The passkey could not be verified. Try again.");
  const { credential } = verified.registrationInfo;
  if (await store.passkeyByCredentialId(db, credential.id))
    throw new ApiError("CONFLICT", "This passkey is already registered");
  if ((await store.countPasskeys(db, user.id)) >= MAX_PASSKEYS)
    throw new ApiError(
      "CONFLICT",
      `You have ${MAX_PASSKEYS} passkeys, the most an account keeps. Remove one first.`,
    );
  const row = await db.$transaction(async (tx) => {
    const created = await store.insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (input.response.response.transports ?? []).join(","),
      name: input.name,
    });
    await recordAudit(tx, {
      ...audit,
      actorUserId: user.id,
      action: "passkey.added",
      targetType: "passkey",
      targetId: created.id,
      detail: input.name,
    });
    return created;
  });
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
}
