import { randomBytes } from "node:crypto";
import { ApiError } from "./errors";
import type { ApiResponse } from "./types";

// Request ids: a random per-process prefix plus a counter is unique and far cheaper than a UUID.
const processTag = randomBytes(6).toString("base64url");
let counter = 0;
export function newRequestId(): string {
  counter = (counter + 1) % 0x7fffffff;
  return `req_${processTag}${counter.toString(36).padStart(6, "0")}`;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The success envelope. `dataJson` is already serialized so cached payloads are spliced in
 * without a re-stringify.
 */
export function okResponse(
  requestId: string,
  dataJson: string,
  fetchedAt: string,
  cache: "HIT" | "MISS",
  headers: Record<string, string>,
): ApiResponse {
  const meta = `{"request_id":"${requestId}","fetched_at":"${fetchedAt}","cache":"${cache}","version":"v1"}`;
  return {
    status: 200,
    headers: { ...headers, "Content-Type": JSON_TYPE, "X-Request-Id": requestId },
    body: `{"data":${dataJson},"meta":${meta}}`,
  };
}

/** A body served as is (the OpenAPI document); still carries X-Request-Id. */
export function rawResponse(requestId: string, json: string, headers: Record<string, string>): ApiResponse {
  return { status: 200, headers: { ...headers, "Content-Type": JSON_TYPE, "X-Request-Id": requestId }, body: json };
}

export function errorResponse(requestId: string, error: ApiError, headers: Record<string, string> = {}): ApiResponse {
  return {
    status: error.status,
    headers: { ...headers, ...error.headers, "Content-Type": JSON_TYPE, "X-Request-Id": requestId },
    body: JSON.stringify({ error: { code: error.code, message: error.message } }),
  };
}
