import { ApiError } from "../platform/errors";
import { errorResponse } from "./respond";
import type { ApiRequest, ApiResponse } from "./types";
import { envStrOpt } from "../platform/config";

/**
 * CORS for /v1, off unless CORS_ORIGINS lists origins (comma-separated, or "*"). A browser page
 * that calls the API holds the key in the page, where any script on it can read it: see README.
 * Preflights are answered before authentication (browsers send them without the key).
 */
const ORIGINS = new Set(
  (envStrOpt("CORS_ORIGINS") ?? "")
    .split(",")
    .map((o) => o.trim().replace(/\/$/, ""))
    .filter(Boolean),
);
const ANY = ORIGINS.has("*");

const EXPOSED = [
  "X-Request-Id",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "RateLimit",
  "RateLimit-Policy",
  "X-Units-Cost",
  "X-Units-Used",
  "X-Units-Remaining",
  "ETag",
  "Retry-After",
].join(", ");

function allowedOrigin(req: ApiRequest): string | null {
  if (ORIGINS.size === 0) return null;
  const origin = req.header("origin");
  if (!origin) return null;
  return ANY ? "*" : ORIGINS.has(origin) ? origin : null;
}

/**
 * A preflight's answer (null when the request is not a preflight). From an origin not allowed
 * (or with CORS off) it is a 403 without CORS headers, so the browser blocks the call; it was a
 * 401 asking for a key the browser never sends on a preflight.
 */
export function preflight(req: ApiRequest, requestId: string): ApiResponse | null {
  if (req.method !== "OPTIONS" || !req.header("access-control-request-method")) return null;
  const origin = allowedOrigin(req);
  if (!origin) {
    const refused = new ApiError("FORBIDDEN", "Cross-origin requests from this origin are not allowed", {
      Vary: "Origin",
    });
    return errorResponse(requestId, refused);
  }
  return {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": "GET, HEAD",
      "Access-Control-Allow-Headers": "X-API-Key, Authorization, If-None-Match",
      "Access-Control-Max-Age": "600",
      Vary: "Origin",
      "X-Request-Id": requestId,
    },
    body: "",
    chunks: [],
  };
}

/**
 * Adds the CORS response headers for an allowed origin. With a list of origins every answer
 * depends on Origin (allowed or refused alike), so every one says `Vary: Origin`: a shared cache
 * must not hand a refusal to an allowed origin, or the reverse.
 */
export function withCors(req: ApiRequest, res: ApiResponse): void {
  if (ORIGINS.size === 0) return;
  if (!ANY) res.headers.Vary = res.headers.Vary ? `${res.headers.Vary}, Origin` : "Origin";
  const origin = allowedOrigin(req);
  if (!origin) return;
  res.headers["Access-Control-Allow-Origin"] = origin;
  res.headers["Access-Control-Expose-Headers"] = EXPOSED;
}
