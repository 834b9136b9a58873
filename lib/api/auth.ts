import type { AuthFailure, Caller, KeyRestrictions } from "../keys/caller";
import { extractKey, splitKey } from "../keys/format";
import { cachedVerification, knownPrefix, verifyKey, type Verification } from "../keys/verify";
import { authRetryAfter, noteAuthFailure } from "./auth-throttle";
import { ApiError, MESSAGES } from "../platform/errors";
import type { ApiRequest, RouteDef } from "./types";

export type AuthResult = { ok: true; caller: Caller } | { ok: false; error: ApiError; failure: AuthFailure };

/** RFC 6750 challenge on every 401 (the key may also be sent as X-API-Key). */
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="statline"' };
const INVALID = { "WWW-Authenticate": 'Bearer realm="statline", error="invalid_token"' };

/**
 * "API key required" also says where keys are made, without changing the spec's body: a Link to
 * the dashboard's keys page (RFC 8288 rel="help"; relative, so it resolves against this server).
 */
export const KEYS_HELP_LINK = '</dashboard/keys>; rel="help"; title="Create an API key"';

const keyRequired = (reason: "missing" | "malformed"): AuthResult => ({
  ok: false,
  error: new ApiError("UNAUTHORIZED", MESSAGES.keyRequired, { ...CHALLENGE, Link: KEYS_HELP_LINK }),
  failure: { reason },
});

function throttled(seconds: number): AuthResult {
  // Its own code, not RATE_LIMITED: clients retry a rate limit, but repeating a bad key only
  // extends this wait (the SDK reports it at once).
  const error = new ApiError(
    "AUTH_THROTTLED",
    `Too many requests with a missing or invalid API key from this address; check the API key (retry in ${seconds} s)`,
    { "Retry-After": String(seconds) },
  );
  return { ok: false, error, failure: { reason: "throttled" } };
}

/** A failed attempt: refused outright while the address's budget is spent, else counted and 401. */
function failed(req: ApiRequest, result: AuthResult): AuthResult {
  const wait = authRetryAfter(req.ip);
  if (wait) return throttled(wait);
  noteAuthFailure(req.ip);
  return result;
}

/**
 * A key of a known account (verified from the cache, or a prefix that resolved when last looked
 * up) is never throttled: another client behind the same address keeps working. Everything else
 * is checked against the address's failure budget before any key lookup.
 */
export function authenticate(req: ApiRequest): AuthResult | Promise<AuthResult> {
  const extracted = extractKey(req);
  if ("error" in extracted) return failed(req, keyRequired(extracted.error));
  const { prefix, secret } = splitKey(extracted.key);
  const cached = cachedVerification(prefix, secret);
  // A known key is answered synchronously: no promise on a cache hit's path (lib/api/pipeline.ts).
  return cached?.ok ? cached : judged(req, prefix, secret, cached);
}

async function judged(
  req: ApiRequest,
  prefix: string,
  secret: string,
  cached: Verification | undefined,
): Promise<AuthResult> {
  const wait = authRetryAfter(req.ip);
  if (wait && !knownPrefix(prefix)) return throttled(wait);
  const pending = cached ?? verifyKey(prefix, secret);
  const verified = pending instanceof Promise ? await pending : pending;
  if (verified.ok) return verified;
  if (verified.failure.reason === "backend_unavailable") {
    const error = new ApiError(
      "AUTH_BACKEND_UNAVAILABLE",
      "The key-validation backend is unavailable; retry with back-off",
      { "Retry-After": "2" },
    );
    return { ok: false, error, failure: verified.failure };
  }
  // A right key of a known account is answered even while its address is throttled (another
  // client behind the same address keeps working); a wrong secret is guessing and is throttled
  // like an unknown key (it was never throttled: 3,000 of 3,000 answered 401 at 593 req/s). A
  // revoked key is its owner's old deployment, to see in the log, and spends nothing.
  if (verified.failure.reason === "invalid_secret" && wait) return throttled(wait);
  if (verified.failure.reason === "unknown_prefix" || verified.failure.reason === "invalid_secret")
    noteAuthFailure(req.ip);
  // Built only on failure: constructing an Error captures a stack, which cost ~8% of a cache hit.
  return {
    ok: false,
    error: new ApiError("UNAUTHORIZED", MESSAGES.invalidKey, INVALID),
    failure: verified.failure,
  };
}

export const IP_NOT_ALLOWED = "IP address not allowed for this key";

/**
 * A restricted key's IP allowlist and scope, checked on the cached key: in-memory comparisons,
 * never a query. Returns the 403 to send, or null when the call is within the key's rights.
 */
export function restrictionError(
  restrictions: KeyRestrictions,
  req: ApiRequest,
  route: RouteDef | undefined,
): ApiError | null {
  if (restrictions.allowIp !== null && !restrictions.allowIp(req.ip)) {
    return new ApiError("FORBIDDEN", IP_NOT_ALLOWED);
  }
  const scope = route?.scope;
  if (scope !== undefined && restrictions.scopes !== null && !restrictions.scopes.has(scope)) {
    return new ApiError(
      "FORBIDDEN",
      `This key lacks the '${scope}' scope required by ${route!.pattern}; create or edit a key with that scope`,
    );
  }
  return null;
}
