import { createHash } from "node:crypto";
import { digestsEqual } from "../keys/format";

/** RFC 7636 §4.1: 43-128 unreserved characters. */
export const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** base64url(SHA-256(verifier)) without padding is always 43 characters. */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** S256 check (RFC 7636 §4.6), comparing the digests in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier) || !CHALLENGE_PATTERN.test(challenge)) return false;
  const actual = createHash("sha256").update(verifier, "ascii").digest("hex");
  const expected = Buffer.from(challenge, "base64url").toString("hex");
  return digestsEqual(actual, expected);
}
