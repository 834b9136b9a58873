import { randomBytes } from "node:crypto";
import type { CacheEntry } from "./cache";
import { brChunks, codedEtag, gzipChunks, type Encoding } from "./encoding";
import { type ApiError } from "../platform/errors";
import type { ApiResponse, ResponseStream } from "./types";

// Request ids: a random per-process prefix plus a counter is unique and far cheaper than a UUID.
const processTag = randomBytes(6).toString("base64url");
let counter = 0;
export function newRequestId(): string {
  counter = (counter + 1) % 0x7fffffff;
  return `req_${processTag}${counter.toString(36).padStart(6, "0")}`;
}

const JSON_TYPE = "application/json; charset=utf-8";
const NO_STORE = { "Cache-Control": "no-store" };

/** Header sets a response merges, in order (rate limit, units, validators, an error's own). */
export type HeaderSets = readonly Readonly<Record<string, string>>[];

/**
 * The response's headers: `sets` in order, then Content-Type, nosniff and X-Request-Id, copied
 * once by a loop. Object spreads took V8's slow path: `{ ...headers, "Content-Type": … }` cost
 * ~1.7 µs, and the pipeline's spread of three sets before this copy was a second pass.
 */
function envelopeHeaders(requestId: string, sets: HeaderSets): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < sets.length; i++) {
    const set = sets[i];
    for (const name in set) out[name] = set[name];
  }
  out["Content-Type"] = JSON_TYPE;
  out["X-Content-Type-Options"] = "nosniff";
  out["X-Request-Id"] = requestId;
  return out;
}

const tail = (requestId: string, fetchedAt: string, cache: "HIT" | "MISS") =>
  `${requestId}","fetched_at":"${fetchedAt}","cache":"${cache}","version":"v1"}}`;
const EMPTY = Buffer.alloc(0);

/**
 * A 200 from a cache entry (fresh or hit). The entry keeps the body up to the request id as
 * encoded bytes (and its gzip/br copies); only the per-request rest is made here: encoding and
 * copying a fresh multi-KB body per request cost more server CPU than the rest of a hit together
 * (measured with bench/). A raw route's body is the whole head.
 */
export function okResponse(
  requestId: string,
  entry: CacheEntry,
  cache: "HIT" | "MISS",
  raw: boolean,
  encoding: Encoding,
  headers: HeaderSets,
): ApiResponse {
  // The rest is ASCII (ids, an ISO time), so latin1 is its UTF-8; as bytes it writes cheaper.
  const rest = raw ? EMPTY : Buffer.from(tail(requestId, entry.fetchedAt, cache), "latin1");
  const response: ApiResponse = { status: 200, headers: envelopeHeaders(requestId, headers), body: "" };
  const c = entry.compressed;
  if (c && encoding !== "identity") {
    response.headers["Content-Encoding"] = encoding;
    response.headers.ETag = codedEtag(entry.etag, encoding);
    response.chunks = encoding === "br" ? brChunks(c, rest) : gzipChunks(c, rest);
  } else response.chunks = raw ? [entry.head] : [entry.head, rest];
  return response;
}

/** 304 Not Modified: no body, the validators (the ETag a 200 would carry) and the usual headers. */
export function notModifiedResponse(requestId: string, headers: HeaderSets, etag?: string): ApiResponse {
  const out = envelopeHeaders(requestId, headers);
  delete out["Content-Type"];
  if (etag !== undefined) out.ETag = etag;
  return { status: 304, headers: out, body: "", chunks: [] };
}

/** The body as one string (the Next.js adapter, tests); node:http writes the chunks. */
export function bodyBytes(res: ApiResponse): Buffer | string {
  return res.chunks
    ? Buffer.concat(res.chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c)))
    : res.body;
}

export function errorResponse(requestId: string, error: ApiError, headers: HeaderSets = []): ApiResponse {
  return {
    status: error.status,
    headers: envelopeHeaders(requestId, [...headers, error.headers]),
    body: JSON.stringify({ error: { code: error.code, message: error.message } }),
  };
}

/** A write surface's JSON answer (/ingest/v1, /sandbox/v1): the API's headers, never cached. */
export function noStoreJson(
  requestId: string,
  status: number,
  body: string,
  headers: Readonly<Record<string, string>>,
): ApiResponse {
  return { status, headers: envelopeHeaders(requestId, [headers, NO_STORE]), body };
}

/**
 * A 200 whose body the adapter writes over time (Server-Sent Events). X-Accel-Buffering: nginx
 * would otherwise buffer the events; no-transform keeps proxies from compressing (and holding) them.
 */
export function streamResponse(requestId: string, stream: ResponseStream, headers: HeaderSets): ApiResponse {
  const out = envelopeHeaders(requestId, headers);
  out["Content-Type"] = "text/event-stream; charset=utf-8";
  out["Cache-Control"] = "no-store, no-transform";
  out["X-Accel-Buffering"] = "no";
  return { status: 200, headers: out, body: "", stream };
}
