import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { Db } from "../platform/db";
import { CEREMONY_TIMEOUT_MS, issueChallenge, takeChallenge } from "./challenges";
import { splitTransports } from "./register";
import { relyingParty } from "./relying-party";
import type { Assertion } from "./schemas";
import * as store from "./store";

/**
 * Options for navigator.credentials.get() with no allowCredentials: the browser offers the
 * passkeys it holds for this site (discoverable credentials), so no address is asked for and none
 * is revealed. Used for passkey sign-in and for a passkey as the second factor.
 */
export async function authenticationOptions(db: Db) {
  const { challengeId, bytes } = await issueChallenge(db, "authenticate");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    challenge: bytes,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
  });
  return { challengeId, options };
}

export type AssertionResult = { ok: true; userId: string; passkeyId: string } | { ok: false };

/**
 * Checks a passkey's answer: the challenge (single use), the credential (known, and the user's
 * when `expectedUserId` is given; the user handle, when sent, must name the same user), then the
 * signature, origin, RP ID and user verification. The signature counter must grow when the
 * authenticator keeps one (a cloned key shows a counter that did not); a success stores it.
 */
export async function verifyAssertion(
  db: Db,
  assertion: Assertion,
  expectedUserId?: string,
): Promise<AssertionResult> {
  const expectedChallenge = await takeChallenge(db, assertion.challengeId, "authenticate");
  if (!expectedChallenge) return { ok: false };
  const { response } = assertion;
  const passkey = await store.passkeyByCredentialId(db, response.id);
  if (!passkey) return { ok: false };
  if (expectedUserId !== undefined && passkey.userId !== expectedUserId) return { ok: false };
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(passkey.userId).toString("base64url")) return { ok: false };
  const rp = relyingParty();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: splitTransports(passkey.transports),
      },
    });
    if (!result.verified) return { ok: false };
    const moved = await store.advanceCounter(
      db,
      passkey.id,
      passkey.counter,
      result.authenticationInfo.newCounter,
      new Date(),
    );
    return moved ? { ok: true, userId: passkey.userId, passkeyId: passkey.id } : { ok: false };
  } catch {
    // The library throws for a bad signature, origin, RP ID, counter or malformed data alike.
    return { ok: false };
  }
}
