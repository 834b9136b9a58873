import { db } from "../platform/db";
import { usage, type Admission } from "../usage";
import { countRefusedKey } from "./admit-key";
import { authenticate, restrictionError, type AuthResult } from "./auth";
import { cacheGet, cacheSet, makeEntry, requestCacheKey, type CacheEntry } from "./cache";
import { preflight, withCors } from "./cors";
import { codedEtag, matchesEtag, negotiate } from "./encoding";
import { isDatabaseUnavailable } from "../platform/db-errors";
import { ApiError } from "../platform/errors";
import { parseQuery } from "./request";
import { namedKeys, pathHint, withIds } from "./slugs";
import { errorResponse, newRequestId, notModifiedResponse, okResponse, streamResponse } from "./respond";
import { matchRoute, type RouteMatch } from "./router";
import type { Caller } from "../keys/caller";
import { recordRequest, type RequestTrace } from "../requestlog/record";
import { refusalError } from "./refusals";
import { RawJson, StreamBody, type ApiRequest, type ApiResponse, type RouteDef } from "./types";
import { logError } from "../platform/log";
import { metrics } from "../platform/metrics";
import { unitCost } from "../plans";
import { observeRequest } from "./observe";

const UNMATCHED = "(unmatched)";
const NONE: Readonly<Record<string, string>> = Object.freeze({});

/** What one request carries from stage to stage. */
interface Ctx {
  req: ApiRequest;
  requestId: string;
  match: RouteMatch | null;
  endpoint: string;
  trace: RequestTrace;
  caller: Caller | null;
  limitHeaders: Readonly<Record<string, string>>;
  admission: Admission | undefined;
  /** A restricted key's 403, answered after the rate limit. */
  denied: ApiError | null;
}

/** A stage's answer: synchronous when nothing had to wait (a known key and a cache hit). */
type Answer = ApiResponse | Promise<ApiResponse>;

/**
 * The one implementation of every /v1 request, shared by the Next.js route handler and the lean
 * node:http server: authenticate, admit (rate limit, quota), validate, serve from cache or
 * handler, meter. Each stage returns a value or a promise, so a request with a cached key and a
 * cached response makes no promise and no microtask: as async functions, the four awaits of a
 * hit were ~5% of its profile (runMicrotasks, processTicksAndRejections); with the key digest
 * compared as bytes, a hit's server CPU fell 4% (A/B against the async version, bench/).
 */
export function handleApiRequest(req: ApiRequest): Answer {
  const startedAt = performance.now();
  const requestId = newRequestId();
  const answer = preflight(req, requestId);
  if (answer) return answer;
  const match = matchRoute(req.path);
  const endpoint = match?.route.pattern ?? UNMATCHED;
  const trace: RequestTrace = { caller: null, failure: null, errorCode: null, errorMessage: null, units: 0 };
  const c: Ctx = {
    req,
    requestId,
    match,
    endpoint,
    trace,
    caller: null,
    limitHeaders: NONE,
    admission: undefined,
    denied: null,
  };
  const res = guard(c, match?.route.public ? serve : authenticated);
  return res instanceof Promise ? res.then((r) => finish(c, r, startedAt)) : finish(c, res, startedAt);
}

function finish(c: Ctx, res: ApiResponse, startedAt: number): ApiResponse {
  const authFailed = c.trace.failure !== null && c.trace.failure.reason !== "backend_unavailable";
  withCors(c.req, res);
  const durationMs = performance.now() - startedAt;
  observeRequest(c.req, res, c.endpoint, durationMs, c.trace.caller?.prefix, authFailed);
  recordRequest(c.req, res, c.endpoint, c.trace, durationMs);
  return res;
}

/**
 * Runs a stage; a throw or a rejection becomes the error response. Stages are plain functions
 * of (ctx, value), never closures made per request: the server runs under tsx, whose keepNames
 * wraps every closure creation in a `__name` call (~1% of a hit in the profile).
 */
function guard<T>(c: Ctx, stage: (c: Ctx, value: T) => Answer, value?: T): Answer {
  try {
    const out = stage(c, value as T);
    return out instanceof Promise ? out.catch((err: unknown) => fail(c, err)) : out;
  } catch (err) {
    return fail(c, err);
  }
}

function authenticated(c: Ctx): Answer {
  if (c.req.principal) return admit(c, { ok: true, caller: c.req.principal });
  const auth = authenticate(c.req);
  return auth instanceof Promise ? auth.then((a) => guard(c, admit, a)) : admit(c, auth);
}

function admit(c: Ctx, auth: AuthResult): Answer {
  if (!auth.ok) {
    countRefusedKey(c.trace, auth.failure);
    c.trace.errorCode = auth.error.code;
    c.trace.errorMessage = auth.error.message;
    return errorResponse(c.requestId, auth.error);
  }
  const caller = (c.caller = c.trace.caller = auth.caller);
  const route = c.match?.route;
  // A restricted key's IP and scope are judged here (in memory) but answered after the rate
  // limit, as Stripe does: a flood of out-of-scope calls is throttled like any other, and
  // admitted at 0 units, so an exhausted quota never hides the 403.
  c.denied = caller.restrictions === null ? null : restrictionError(caller.restrictions, c.req, route);
  // Every authenticated request is rate-limited, unknown paths included (they cost 0 units). The
  // price is the route's group on the caller's plan: a lookup in the in-memory catalogue.
  const pending = usage.admit(caller, c.denied === null && route ? unitCost(caller.plan, route.group) : 0);
  return pending instanceof Promise ? pending.then((a) => guard(c, admitted, a)) : admitted(c, pending);
}

function admitted(c: Ctx, a: Admission): Answer {
  c.admission = a;
  c.limitHeaders = a.headers;
  if (!a.ok) throw refusalError(a.refusal);
  if (c.denied !== null) throw c.denied;
  return serve(c);
}

function serve(c: Ctx): Answer {
  const { req, match } = c;
  if (!match) throw new ApiError("NOT_FOUND", `No endpoint at ${truncate(req.path)}${pathHint(req.path)}`);
  if (req.method !== "GET" && req.method !== "HEAD") {
    throw new ApiError("METHOD_NOT_ALLOWED", `Method ${truncate(req.method)} is not allowed; use GET`, {
      Allow: "GET, HEAD",
    });
  }
  // Keyed by the raw path and query string, so a hit skips parsing and validation: the same
  // bytes were validated when the entry was stored.
  const cacheKey = match.route.cacheTtlMs > 0 ? requestCacheKey(req) : "";
  const entry = cacheKey ? cacheGet(cacheKey) : undefined;
  return entry ? respond(c, entry, "HIT") : miss(c, match, cacheKey);
}

async function miss(c: Ctx, { route, params }: RouteMatch, cacheKey: string): Promise<ApiResponse> {
  // Only a record named by slug costs a lookup (and an await); every other miss stays synchronous here.
  const named = namedKeys(route, params, c.req.query);
  const given =
    named.length === 0 ? { params, query: c.req.query } : await withIds(db, named, params, c.req.query);
  const query = parseQuery(given.query, route.query);
  const data = await route.handler({ query, params: given.params, caller: c.caller, db, req: c.req });
  if (data instanceof StreamBody) {
    // The connection's units; the stream meters its events itself (lib/api/endpoints/stream.ts).
    const units = c.caller ? unitCost(c.caller.plan, route.group) : 0;
    const unitHeaders = c.caller ? usage.settle(c.caller, c.endpoint, 200, units, c.admission) : NONE;
    c.trace.units = units;
    return streamResponse(c.requestId, data.stream, [c.limitHeaders, unitHeaders]);
  }
  const dataJson = data instanceof RawJson ? data.json : JSON.stringify(data);
  const entry = makeEntry(
    dataJson,
    new Date().toISOString(),
    route.cacheTtlMs,
    route.raw === true,
    cacheControl(route),
  );
  // A route priced by its result keeps its group with the entry, so a cached answer costs the same
  // (each caller pays that group's price on their own plan).
  if (route.groupOf) entry.group = route.groupOf(data);
  if (route.readsOdds) entry.readsOdds = true;
  if (cacheKey) cacheSet(cacheKey, entry);
  return respond(c, entry, "MISS");
}

function respond(c: Ctx, entry: CacheEntry, cache: "HIT" | "MISS"): ApiResponse {
  const { req, caller, endpoint } = c;
  const route = c.match!.route;
  const encoding = negotiate(req.header("accept-encoding"));
  if (matchesEtag(req.header("if-none-match"), entry.etag)) {
    // Not Modified costs 0 units but is still a request (rate limit, request log, metering).
    const unitHeaders = caller ? usage.settle(caller, endpoint, 304, 0, c.admission) : NONE;
    const etag = entry.compressed ? codedEtag(entry.etag, encoding) : undefined;
    return notModifiedResponse(c.requestId, [c.limitHeaders, unitHeaders, entry.validators], etag);
  }
  const units = caller ? unitCost(caller.plan, entry.group ?? route.group) : 0;
  const unitHeaders = caller ? usage.settle(caller, endpoint, 200, units, c.admission) : NONE;
  c.trace.units = units;
  const sets = [c.limitHeaders, unitHeaders, entry.validators];
  return okResponse(c.requestId, entry, cache, route.raw === true, encoding, sets);
}

function fail(c: Ctx, err: unknown): ApiResponse {
  const error = err instanceof ApiError ? err : internalError(err, c.requestId, c.req);
  if (error.status === 429) metrics.rateLimited(error.code);
  c.trace.errorCode = error.code;
  c.trace.errorMessage = error.message;
  // The caller's mistakes (4xx) cost no units but still count as requests.
  const unitHeaders = c.caller ? usage.settle(c.caller, c.endpoint, error.status, 0, c.admission) : NONE;
  return errorResponse(c.requestId, error, [c.limitHeaders, unitHeaders]);
}

function internalError(err: unknown, requestId: string, req: ApiRequest): ApiError {
  if (isDatabaseUnavailable(err)) {
    logError("database unavailable during /v1 request", err instanceof Error ? err.message : err, {
      requestId,
      path: req.path,
    });
    return new ApiError("SERVICE_UNAVAILABLE", "The database is unavailable; retry with back-off", {
      "Retry-After": "2",
    });
  }
  logError("unhandled error in /v1 handler", err, { requestId, path: req.path });
  return new ApiError("INTERNAL_ERROR", `Internal error; quote request id ${requestId} when reporting it`);
}

/** Clients may reuse a 200 as long as the server's response cache would (the route's TTL). */
const cacheControlOf = new WeakMap<RouteDef, string>();
function cacheControl(route: RouteDef): string {
  let v = cacheControlOf.get(route);
  if (v === undefined) {
    v = route.cacheTtlMs > 0 ? `private, max-age=${Math.floor(route.cacheTtlMs / 1000)}` : "no-store";
    cacheControlOf.set(route, v);
  }
  return v;
}

function truncate(s: string): string {
  return s.length > 100 ? `${s.slice(0, 100)}…` : s;
}
