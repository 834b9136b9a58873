import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { BODY_LENGTH, checksumOf } from "./checksum";
import type { HttpRequest } from "../platform/http";

export type Environment = "live" | "test";

/** Spec §5: sk_{environment}_{32 base62 characters}. */
export const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32}$/;
/** Spec §8: the first 16 characters are the non-secret display prefix (sk_live_ + 8). */
export const PREFIX_LENGTH = 16;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniform base62 string from the CSPRNG (rejection sampling: 248 = 4 * 62). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export interface NewKey {
  /** The full key: shown once, never stored. */
  key: string;
  prefix: string;
  secretHash: string;
}

/** 26 random characters and the 6-character checksum of everything before it (lib/keys/checksum.ts). */
export function generateKey(environment: Environment): NewKey {
  const head = `sk_${environment}_${randomBase62(BODY_LENGTH)}`;
  const key = head + checksumOf(head);
  const { prefix, secret } = splitKey(key);
  return { key, prefix, secretHash: hashSecret(secret) };
}

export function splitKey(key: string): { prefix: string; secret: string; environment: Environment } {
  return {
    prefix: key.slice(0, PREFIX_LENGTH),
    secret: key.slice(PREFIX_LENGTH),
    environment: key.startsWith("sk_live_") ? "live" : "test",
  };
}

/** SHA-256 is the norm for high-entropy keys (143 bits here): no salt or slow hash needed. */
export function hashSecret(secret: string): string {
  // One-shot crypto.hash: a third of createHash()'s cost, and it runs on every /v1 request.
  return hash("sha256", secret);
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, "hex");
  const b = Buffer.from(bHex, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Runs on every /v1 request: the digest is compared as bytes, without a hex round trip. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = hash("sha256", secret, "buffer");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Reads the key from X-API-Key or Authorization: Bearer. When both are sent they must carry
 * the same key; two different keys are ambiguous and treated as malformed (documented in docs/api.md).
 */
export function extractKey(
  req: Pick<HttpRequest, "header">,
): { key: string } | { error: "missing" | "malformed" } {
  const raw = req.header("x-api-key");
  const auth = req.header("authorization");
  if (raw === undefined && auth === undefined) return { error: "missing" };
  let bearer: string | undefined;
  if (auth !== undefined) {
    // RFC 7235: one or more spaces after the scheme (`Bearer  <key>` was a 401).
    const match = /^Bearer +([^\s,]+)$/i.exec(auth.trim());
    if (!match) return { error: "malformed" };
    bearer = match[1];
  }
  const candidate = raw !== undefined ? raw.trim() : bearer!;
  if (bearer !== undefined && raw !== undefined && bearer !== candidate) return { error: "malformed" };
  return KEY_PATTERN.test(candidate) ? { key: candidate } : { error: "malformed" };
}
