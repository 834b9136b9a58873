import { redactUrlPart } from "./redact";

/**
 * What an error row keeps of its response, for the log drawer: the headers as a JSON object and
 * the body, both bounded and with any full API key cut to its prefix (percent-encoded too). Done
 * when the flush writes the row, not on the request path (lib/requestlog/record.ts only keeps
 * references to what the pipeline built for the answer).
 */
export const MAX_BODY_BYTES = 4096;
export const MAX_HEADERS = 40;
export const MAX_HEADER_VALUE = 512;
export const MAX_MESSAGE = 500;

/** Rows waiting in the buffer beyond which new error rows drop their response detail (memory bound). */
export const DETAIL_ROWS = 10_000;

/** Cuts `text` to at most `max` UTF-8 bytes without splitting a character; marks the cut with "…". */
export function capUtf8(text: string, max: number): string {
  // At most 3 bytes per UTF-16 unit: short text needs no byte count.
  if (text.length * 3 <= max || Buffer.byteLength(text) <= max) return text;
  let out = Buffer.from(text)
    .subarray(0, max - 3)
    .toString("utf8");
  // A character split at the cut decodes as U+FFFD: drop it.
  if (out.endsWith("\uFFFD")) out = out.slice(0, -1);
  return `${out}…`;
}

/** A key, plain or percent-encoded, holds "sk_" or "%": text with neither skips the scan. */
const redact = (text: string) => (text.includes("sk_") || text.includes("%") ? redactUrlPart(text) : text);

export function storedBody(body: string): string {
  return capUtf8(redact(body), MAX_BODY_BYTES);
}

export function storedMessage(message: string | null): string | null {
  return message === null ? null : capUtf8(redact(message), MAX_MESSAGE);
}

export function storedHeaders(headers: Readonly<Record<string, string>>): string {
  const out: Record<string, string> = {};
  let n = 0;
  for (const name in headers) {
    if (++n > MAX_HEADERS) break;
    out[name] = capUtf8(redact(String(headers[name])), MAX_HEADER_VALUE);
  }
  return JSON.stringify(out);
}

/** A stored headers column back as name/value pairs; anything unreadable reads as none. */
export function parseStoredHeaders(raw: string | null): [string, string][] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
    return Object.entries(value as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === "string")
      .slice(0, MAX_HEADERS);
  } catch {
    return [];
  }
}
