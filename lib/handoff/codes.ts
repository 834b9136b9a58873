import { createHash, randomInt } from "node:crypto";
import { randomBase62 } from "../keys/format";

/**
 * RFC 8628 §6.1 "base-20": consonants only, so no accidental words and no digits to mistake for
 * letters (0/O, 1/I, 5/S, 8/B). 20^8 ≈ 2^34.6 codes; they live 10 minutes and need a signed-in user.
 */
export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_PATTERN = new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`);

export function generateUserCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** "BCDFGHJK" -> "BCDF-GHJK" */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a human typed or a URL carried ("bcdf-ghjk", "BCDF GHJK") -> "BCDFGHJK", or null. */
export function normalizeUserCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  return USER_CODE_PATTERN.test(code) ? code : null;
}

/** Session ids are bearer-ish in poll mode (with the verifier), so they are unguessable: 143 bits. */
export const generateSessionId = () => `hs_${randomBase62(24)}`;

/**
 * The one-time authorization code: 32 base62 characters (190 bits). Base62 has no '#', quotes or
 * other characters a terminal, shell or URL would mangle, and double-click selects all of it.
 */
export const generateAuthCode = () => randomBase62(32);
export const AUTH_CODE_PATTERN = /^[0-9A-Za-z]{32}$/;

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");
