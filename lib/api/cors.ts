import type { ApiRequest, ApiResponse } from "./types";
import { envStrOpt } from "../config";

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

/** A preflight's answer, or null when the request is not a preflight from an allowed origin. */
export function preflight(req: ApiRequest, requestId: string): ApiResponse | null {
  if (req.method !== "OPTIONS" || !req.header("access-control-request-method")) return null;
  const origin = allowedOrigin(req);
  if (!origin) return null;
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

/** Adds the CORS response headers for an allowed origin. */
export function withCors(req: ApiRequest, res: ApiResponse): void {
  if (ORIGINS.size === 0) return;
  const origin = allowedOrigin(req);
  if (!origin) return;
  res.headers["Access-Control-Allow-Origin"] = origin;
  res.headers["Access-Control-Expose-Headers"] = EXPOSED;
  res.headers.Vary = res.headers.Vary ? `${res.headers.Vary}, Origin` : "Origin";
}
