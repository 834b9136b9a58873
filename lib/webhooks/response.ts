import type { IncomingHttpHeaders } from "node:http";
import { scrub } from "../platform/log";

/**
 * What an attempt keeps of the receiver's answer, for the dashboard's delivery viewer: the body's
 * first 4 KB and at most 30 headers with values cut to 200 characters. Any full Statline API key
 * in them is cut to its prefix, as everywhere else this service stores text.
 */
export const MAX_RESPONSE_BYTES = 4096;
export const MAX_RESPONSE_HEADERS = 30;
export const MAX_RESPONSE_HEADER_VALUE = 200;

/** Bytes read beyond the cap, so a key straddling it is still whole when scrub() looks for it. */
export const READ_BYTES = MAX_RESPONSE_BYTES + 64;

/** Cuts to `max` UTF-8 bytes without splitting a character. */
function capBytes(text: string, max: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= max) return text;
  const out = bytes.subarray(0, max).toString("utf8");
  return out.endsWith("\uFFFD") ? out.slice(0, -1) : out;
}

/** Keys are cut before the length cap, so a cap can never leave part of a secret. */
export function capResponseBody(bytes: Buffer): string {
  return capBytes(scrub(bytes.subarray(0, READ_BYTES).toString("utf8")), MAX_RESPONSE_BYTES);
}

export function cappedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (++n > MAX_RESPONSE_HEADERS) break;
    const text = Array.isArray(value) ? value.join(", ") : value;
    out[name] = scrub(text.slice(0, MAX_RESPONSE_HEADER_VALUE + 64)).slice(0, MAX_RESPONSE_HEADER_VALUE);
  }
  return out;
}

/** A stored headers column back as pairs; anything unreadable reads as none. */
export function storedResponseHeaders(raw: string | null): [string, string][] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
    return Object.entries(value as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === "string",
    );
  } catch {
    return [];
  }
}
