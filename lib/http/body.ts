/**
 * The body policy of the keyed surfaces that take a body (/ingest/v1, /sandbox/v1): the size
 * limit (413), the media types (415), and JSON read and validated with the refused field named.
 */
import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import { ApiError } from "../platform/errors";

/** What a route's body may be: its size limit and the media types it accepts. */
export interface BodyRule {
  maxBytes: number;
  /** "any": read as JSON whatever the Content-Type says (the sandbox's small bodies). */
  media: "json" | "json-or-ndjson" | "any";
}

/** The body as read: its text and, where the rule checks media types, which one it is. */
export interface Input {
  text: string;
  media: "json" | "ndjson";
}

/** The input stage: the body within the rule's limit and media types (no node request: empty). */
export async function readInput(req: IncomingMessage | undefined, rule: BodyRule): Promise<Input> {
  const text = req ? await readBody(req, rule.maxBytes) : "";
  if (rule.media === "any") return { text, media: "json" };
  return { text, media: bodyMediaType(req?.headers["content-type"], text, rule.media === "json-or-ndjson") };
}

/** "/participants/0/score" from a zod issue path (RFC 6901: "~" and "/" escaped). */
export function pointer(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("") || "/";
}

/** A refused field, named by JSON pointer: `Invalid field '/score/home': expected number`. */
export const invalidField = (ptr: string, why: string, line?: number) =>
  new ApiError(
    "INVALID_PARAMETER",
    `${line === undefined ? "" : `line ${line}: `}Invalid field '${ptr}': ${why}`.slice(0, 400),
  );

/** Validates one value; the first issue becomes the 400. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, line?: number): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidField(pointer(issue.path), issue.message, line);
}

/** Reads the body up to `max` bytes: a larger declared or streamed body is 413 without reading on. */
export async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const tooLarge = () => new ApiError("PAYLOAD_TOO_LARGE", `The body exceeds ${max} bytes for this endpoint`);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      req.resume();
      throw tooLarge();
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString("utf8");
}

const JSON_TYPE = /^application\/(?:[a-z0-9.+-]+\+)?json$/;
const NDJSON_TYPE = /^application\/(?:x-)?(?:ndjson|jsonl|jsonlines)$/;

/**
 * Whether a body of `Content-Type` is NDJSON (one value per line) or one JSON value; any other
 * type (text/plain, a form) is 415. An empty body (DELETE) needs none.
 */
export function bodyMediaType(contentType: string | undefined, text: string, ndjsonAllowed: boolean) {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (ndjsonAllowed && NDJSON_TYPE.test(type)) return "ndjson";
  if (JSON_TYPE.test(type) || (!type && !text.trim())) return "json";
  throw new ApiError(
    "UNSUPPORTED_MEDIA_TYPE",
    `Content-Type '${type.slice(0, 80) || "(none)"}' is not accepted: send application/json${ndjsonAllowed ? " or application/x-ndjson" : ""}`,
  );
}

/** Parses a JSON body; an empty body is {} (DELETE), a malformed one names where it broke. */
export function parseJson(text: string, line?: number): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const why = err instanceof Error ? err.message : "not JSON";
    throw new ApiError(
      "INVALID_REQUEST",
      `${line === undefined ? "" : `line ${line}: `}The body is not valid JSON (${why})`.slice(0, 300),
    );
  }
}
