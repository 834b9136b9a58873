import {
  createHash,
  createHmac,
  createSecretKey,
  hash,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from "node:crypto";
import { invalidParameter } from "../platform/errors";
import { envStrOpt } from "../platform/config";

/**
 * Odds-history cursors: base64url(JSON) + "." + base64url(HMAC-SHA256, 16 bytes). The payload
 * binds the scope (contest or person id) and a hash of the filters, so a cursor from another
 * scope, other filters or with a flipped bit is a 400, never a wrong page. The key derives from
 * CURSOR_SECRET or NEXTAUTH_SECRET so every instance of a deployment accepts the others' cursors.
 */
export interface CursorPayload {
  /** "c" contest or "p" person, and its id; "e" a change-feed position (s 0, t issue time). */
  k: "c" | "p" | "e";
  s: number;
  /** Filters hash (see filtersHash). */
  f: string;
  /** Last observedAt (epoch ms) and id of the page. */
  t: number;
  i: number;
}

// Made once: reading the environment on every call cost more than the HMAC's key setup (a native
// getenv per read), and a KeyObject spares createHmac copying the key into a new handle.
let key: KeyObject | undefined;
function hmacKey(): KeyObject {
  if (key) return key;
  const secret = envStrOpt("CURSOR_SECRET") ?? envStrOpt("NEXTAUTH_SECRET");
  return (key = createSecretKey(
    secret ? createHash("sha256").update(`statline-cursor:${secret}`).digest() : randomBytes(32),
  ));
}

const sign = (body: string) => createHmac("sha256", hmacKey()).update(body).digest().subarray(0, 16);

export function filtersHash(filters: Record<string, string | number | undefined>): string {
  const canonical = Object.keys(filters)
    .sort()
    .map((k) => `${k}=${filters[k] ?? ""}`)
    .join("&");
  return hash("sha256", canonical, "base64url").slice(0, 12);
}

export function encodeCursor(p: CursorPayload): string {
  const body = Buffer.from(JSON.stringify(p)).toString("base64url");
  return `${body}.${sign(body).toString("base64url")}`;
}

export function decodeCursor(
  raw: string,
  expect: Pick<CursorPayload, "k" | "s" | "f">,
): { t: Date; id: number } {
  const bad = (why: string) => invalidParameter("cursor", why);
  const [body, mac, extra] = raw.split(".");
  if (!body || !mac || extra !== undefined || raw.length > 400) throw bad("is not a cursor this API issued");
  const given = Buffer.from(mac, "base64url");
  const want = sign(body);
  if (given.length !== want.length || !timingSafeEqual(given, want))
    throw bad("is not a cursor this API issued (signature mismatch)");
  let p: CursorPayload;
  try {
    p = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as CursorPayload;
  } catch {
    throw bad("is not a cursor this API issued");
  }
  if (p.k !== expect.k || p.s !== expect.s) throw bad("belongs to another contest or person");
  if (p.f !== expect.f)
    throw bad("was issued for different filters (bookmaker, market, selection, interval, before, after)");
  if (!Number.isSafeInteger(p.t) || !Number.isSafeInteger(p.i)) throw bad("is not a cursor this API issued");
  return { t: new Date(p.t), id: p.i };
}
