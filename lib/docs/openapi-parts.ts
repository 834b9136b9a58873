import { ERROR_STATUS } from "../platform/errors";
import { envStrOpt } from "../platform/config";

// Reusable parts of the OpenAPI document: headers, error responses, the envelope's meta and the
// error shape, plus `harden`, which gives every integer and string a bound (Spectral's OWASP rules).

type Json = Record<string, unknown>;

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

const int = (description: string, minimum = 0): Json => ({
  description,
  schema: { type: "integer", format: "int64", minimum, maximum: Number.MAX_SAFE_INTEGER },
});
const text = (description: string, maxLength = 200): Json => ({
  description,
  schema: { type: "string", maxLength },
});

/** Sent by unlimited plans in X-RateLimit-Limit/Remaining and X-Units-Remaining (documented). */
export const NO_LIMIT = 2_147_483_647;

export const HEADERS: Record<string, Json> = {
  "X-Request-Id": text(
    "Request identifier, equal to meta.request_id on success; quote it when reporting",
    64,
  ),
  "X-RateLimit-Limit": int(
    `Requests the key may burst (the plan's bucket size). Sent with every response to a request with a valid key; ${NO_LIMIT} on plans without a rate limit.`,
  ),
  "X-RateLimit-Remaining": int(`Requests left in the bucket now; ${NO_LIMIT} on plans without a rate limit.`),
  "X-RateLimit-Reset": int(
    "Seconds until the bucket is full again (not a timestamp); 0 when it is full or the plan has no rate limit.",
  ),
  RateLimit: text(
    'IETF draft-ietf-httpapi-ratelimit-headers: `"default";r=<remaining>;t=<seconds until full>`.',
  ),
  "RateLimit-Policy": text(
    'IETF policy: `"default";q=<burst>;w=<seconds a full refill takes>` (free plan: `q=20;w=20`; unlimited: `q=2147483647;w=1`).',
  ),
  "X-Units-Cost": int("Units this call cost (0 for errors and 304 Not Modified)."),
  "X-Units-Used": int("Units the account used this calendar month (UTC), this call included."),
  "X-Units-Remaining": int(`Units left this month; ${NO_LIMIT} on plans without a quota.`),
  ETag: text("Strong validator of the body; send it back as If-None-Match for a 304 that costs 0 units.", 80),
  "Cache-Control": text("`private, max-age=<the route's response-cache TTL in seconds>`, or `no-store`."),
  Vary: text("`Accept-Encoding` (and `Origin` when CORS is on)."),
  "Content-Encoding": text(
    "`gzip` or `br` when negotiated by Accept-Encoding and the body is over 1 KiB.",
    8,
  ),
  "Access-Control-Allow-Origin": text(
    "Only when CORS_ORIGINS lists the request's Origin (off by default): that origin, echoed.",
    2000,
  ),
  "Retry-After": int("Seconds to wait before retrying.", 1),
  "WWW-Authenticate": text('`Bearer realm="statline"` (the key may also be sent as X-API-Key).'),
  Allow: text("`GET, HEAD`.", 20),
};

/** Headers on every response of an operation; rate-limit headers only where a key is checked. */
export function commonHeaders(authenticated: boolean): Json {
  const names = ["X-Request-Id", "Access-Control-Allow-Origin"];
  if (authenticated)
    names.push(
      "X-RateLimit-Limit",
      "X-RateLimit-Remaining",
      "X-RateLimit-Reset",
      "RateLimit",
      "RateLimit-Policy",
    );
  return Object.fromEntries(names.map((n) => [n, headerRef(n)]));
}

const codesOf = (status: number) =>
  Object.entries(ERROR_STATUS)
    .filter(([, s]) => s === status)
    .map(([c]) => c)
    .join(" or ");

const error = (status: number, when: string, extra: string[] = []) => ({
  description: `${codesOf(status)}: ${when}`,
  headers: Object.fromEntries(extra.map((n) => [n, headerRef(n)])),
  content: { "application/json": { schema: schemaRef("Error") } },
});

/**
 * Error responses by status, shared by every operation; `commonHeaders` are added per operation.
 * The 403 (key scope) is listed so a route can name it in RouteDef.openapi.responses.
 */
export const ERROR_RESPONSES: Record<string, Json> = {
  400: error(400, "the message names the parameter and says what is wrong"),
  401: error(
    401,
    '"API key required" (missing or malformed key) or "Invalid API key" (unknown, revoked, expired or disabled)',
    ["WWW-Authenticate"],
  ),
  403: error(
    403,
    'the key lacks the operation\'s scope (x-scope; the message names it) or "IP address not allowed for this key"',
  ),
  404: error(404, "unknown path, id or referenced record"),
  405: error(405, "only GET and HEAD", ["Allow"]),
  410: error(410, "the cursor is older than the retention; start again without a cursor"),
  429: error(
    429,
    "RATE_LIMITED (per-key rate limit) or QUOTA_EXCEEDED (monthly unit quota): wait Retry-After seconds; AUTH_THROTTLED: too many failed authentications from this address, fix the key",
    ["Retry-After"],
  ),
  500: error(500, "a server fault; quote the request id when reporting it"),
  503: error(503, "key store or database unreachable; retry after Retry-After seconds", ["Retry-After"]),
};

export const RESPONSE_NAMES: Record<string, string> = {
  400: "InvalidParameter",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  410: "CursorExpired",
  429: "TooManyRequests",
  500: "InternalError",
  503: "ServiceUnavailable",
};

export const META_SCHEMA: Json = {
  type: "object",
  properties: {
    request_id: { type: "string", maxLength: 64, description: "Same as the X-Request-Id header" },
    fetched_at: { type: "string", format: "date-time", description: "When the payload was produced" },
    cache: { type: "string", enum: ["HIT", "MISS"], description: "HIT: served from the response cache" },
    version: { type: "string", const: "v1" },
  },
  required: ["request_id", "fetched_at", "cache", "version"],
  additionalProperties: false,
};

export const ERROR_SCHEMA: Json = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_STATUS) },
        message: { type: "string", maxLength: 1000 },
      },
      required: ["code", "message"],
      additionalProperties: false,
    },
  },
  required: ["error"],
  additionalProperties: false,
};

export const SECURITY_SCHEMES: Json = {
  ApiKeyHeader: {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "sk_live_… or sk_test_… plus 32 base62 characters",
  },
  BearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "sk_(live|test)_<32 base62>",
    description: "Authorization: Bearer <key>",
  },
};

/** The longest free text a record field carries (names, venues, score details) in the document. */
export const TEXT_MAX = 1000;

/**
 * Gives every integer schema a format and bounds and every string a maxLength, where the zod
 * schema did not say: JavaScript clients read integers exactly up to 2^53 - 1.
 */
export function harden(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(harden);
  if (!node || typeof node !== "object") return;
  const s = node as Json;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("integer")) {
    s.format ??= "int64";
    s.minimum ??= -Number.MAX_SAFE_INTEGER;
    s.maximum ??= Number.MAX_SAFE_INTEGER;
  }
  if (types.includes("string") && s.enum === undefined && s.const === undefined) {
    s.maxLength ??= s.format === "date-time" ? 40 : s.format === "date" ? 10 : TEXT_MAX;
  }
  for (const v of Object.values(s)) harden(v);
}

/** Who runs this server: API_CONTACT_EMAIL / API_CONTACT_URL (README, Configuration). */
export const CONTACT: Json = {
  name: "The operator of this Statline server",
  ...(envStrOpt("API_CONTACT_EMAIL") ? { email: envStrOpt("API_CONTACT_EMAIL") } : {}),
  ...(envStrOpt("API_CONTACT_URL") ? { url: envStrOpt("API_CONTACT_URL") } : {}),
};

/**
 * The terms are the operator's, not an SPDX licence: an SPDX `LicenseRef-` identifier names them
 * (OpenAPI 3.1 takes `identifier` or `url`; no URL is the same for every server).
 */
export const LICENSE: Json = {
  name: "Proprietary: data and service terms are set by the operator of this server",
  identifier: "LicenseRef-Statline-Operator-Terms",
};

/** The one server of every document: this instance, whichever it is (OWASP api9 wants both fields). */
export const SERVERS: Json[] = [
  { url: "/", description: "This Statline server (production or local, as deployed)", "x-internal": false },
];
