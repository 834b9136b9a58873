import { db } from "../db";
import { usage, type Admission } from "../usage";
import { authenticate, restrictionError } from "./auth";
import { cacheGet, cacheSet, makeEntry, requestCacheKey } from "./cache";
import { preflight, withCors } from "./cors";
import { matchesEtag, negotiate } from "./encoding";
import { isDatabaseUnavailable } from "./db-errors";
import { ApiError } from "./errors";
import { parseQuery } from "./request";
import { errorResponse, newRequestId, notModifiedResponse, okResponse, streamResponse } from "./respond";
import { matchRoute, type RouteMatch } from "./router";
import type { Caller } from "../keys/caller";
import { recordRequest, type RequestTrace } from "../requestlog/record";
import { refusalError } from "./refusals";
import { RawJson, StreamBody, type ApiRequest, type ApiResponse, type RouteDef } from "./types";
import { logError } from "../log";
import { metrics } from "../metrics";
import { observeRequest } from "./observe";

const UNMATCHED = "(unmatched)";

/**
 * The one implementation of every /v1 request, shared by the Next.js route handler and the lean
 * node:http server: authenticate, admit (rate limit, quota), validate, serve from cache or
 * handler, meter.
 */
export async function handleApiRequest(req: ApiRequest): Promise<ApiResponse> {
  const startedAt = performance.now();
  const requestId = newRequestId();
  const answer = preflight(req, requestId);
  if (answer) return answer;
  const match = matchRoute(req.path);
  const endpoint = match?.route.pattern ?? UNMATCHED;
  const trace: RequestTrace = { caller: null, failure: null, errorCode: null, units: 0 };
  const res = await run(req, requestId, match, endpoint, trace);
  const authFailed = trace.failure !== null && trace.failure.reason !== "backend_unavailable";
  withCors(req, res);
  observeRequest(req, res, endpoint, startedAt, trace.caller?.prefix, authFailed);
  recordRequest(req, res, endpoint, trace, performance.now() - startedAt);
  return res;
}

async function run(
  req: ApiRequest,
  requestId: string,
  match: RouteMatch | null,
  endpoint: string,
  trace: RequestTrace,
): Promise<ApiResponse> {
  let caller: Caller | null = null;
  let limitHeaders: Record<string, string> = {};
  let admission: Admission | undefined;
  try {
    if (!match?.route.public) {
      const auth = await authenticate(req);
      if (!auth.ok) {
        metrics.authFailure(auth.failure.reason);
        usage.authFailed(auth.failure);
        trace.failure = auth.failure;
        trace.errorCode = auth.error.code;
        return errorResponse(requestId, auth.error);
      }
      caller = trace.caller = auth.caller;
      // A restricted key's IP and scope are judged here (in memory) but answered after the rate
      // limit, as Stripe does: a flood of out-of-scope calls is throttled like any other, and
      // admitted at 0 units, so an exhausted quota never hides the 403.
      const denied =
        caller.restrictions === null ? null : restrictionError(caller.restrictions, req, match?.route);
      // Every authenticated request is rate-limited, unknown paths included (they cost 0 units).
      const pending = usage.admit(caller, denied === null ? (match?.route.units ?? 0) : 0);
      admission = pending instanceof Promise ? await pending : pending;
      limitHeaders = admission.headers;
      if (!admission.ok) throw refusalError(admission.refusal);
      if (denied !== null) throw denied;
    }
    if (!match) throw new ApiError("NOT_FOUND", `No endpoint at ${truncate(req.path)}`);
    if (req.method !== "GET" && req.method !== "HEAD") {
      throw new ApiError("METHOD_NOT_ALLOWED", `Method ${truncate(req.method)} is not allowed; use GET`, {
        Allow: "GET, HEAD",
      });
    }
    const { route, params } = match;
    // Keyed by the raw path and query string, so a hit skips parsing and validation: the same
    // bytes were validated when the entry was stored.
    const cacheKey = route.cacheTtlMs > 0 ? requestCacheKey(req) : "";
    let entry = cacheKey ? cacheGet(cacheKey) : undefined;
    const cache = entry ? "HIT" : "MISS";
    if (!entry) {
      const query = parseQuery(req.query, route.query);
      const data = await route.handler({ query, params, caller, db, req });
      if (data instanceof StreamBody) {
        // The connection's units; the stream meters its events itself (lib/api/endpoints/stream.ts).
        const unitHeaders = caller ? usage.settle(caller, endpoint, 200, route.units, admission) : {};
        trace.units = route.units;
        return streamResponse(requestId, data.stream, { ...limitHeaders, ...unitHeaders });
      }
      const dataJson = data instanceof RawJson ? data.json : JSON.stringify(data);
      entry = makeEntry(dataJson, new Date().toISOString(), route.cacheTtlMs, route.raw === true);
      if (cacheKey) cacheSet(cacheKey, entry);
    }
    const validators = { ETag: entry.etag, "Cache-Control": cacheControl(route), Vary: "Accept-Encoding" };
    if (matchesEtag(req.header("if-none-match"), entry.etag)) {
      // Not Modified costs 0 units but is still a request (rate limit, request log, metering).
      const unitHeaders = caller ? usage.settle(caller, endpoint, 304, 0, admission) : {};
      return notModifiedResponse(requestId, { ...limitHeaders, ...unitHeaders, ...validators });
    }
    const unitHeaders = caller ? usage.settle(caller, endpoint, 200, route.units, admission) : {};
    trace.units = route.units;
    const encoding = negotiate(req.header("accept-encoding"));
    return okResponse(requestId, entry, cache, route.raw === true, encoding, {
      ...limitHeaders,
      ...unitHeaders,
      ...validators,
    });
  } catch (err) {
    const error = err instanceof ApiError ? err : internalError(err, requestId, req);
    if (error.status === 429) metrics.rateLimited(error.code);
    trace.errorCode = error.code;
    // The caller's mistakes (4xx) cost no units but still count as requests.
    const unitHeaders = caller ? usage.settle(caller, endpoint, error.status, 0, admission) : {};
    return errorResponse(requestId, error, { ...limitHeaders, ...unitHeaders });
  }
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
