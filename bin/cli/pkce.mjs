// PKCE (RFC 7636, S256) and the loopback state. These values are secrets: never print them.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function createPkce() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier, "ascii").digest("base64url");
  return { verifier, challenge };
}

export const createState = () => randomBytes(16).toString("base64url");

export function sameSecret(a, b) {
  const x = Buffer.from(String(a ?? ""));
  const y = Buffer.from(String(b ?? ""));
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The authorization code the approval page shows: 32 base62 characters. */
export const CODE_PATTERN = /^[0-9A-Za-z]{32}$/;
