import { db } from "../platform/db";
import { handleKeyed, settle, type Answer, type Ctx as KeyedCtx, type Surface } from "../http/keyed";
import type { RouteMatch } from "../http/routes";
import { restrictionError } from "./auth";
import { cacheGet, cacheSet, makeEntry, requestCacheKey, type CacheEntry } from "./cache";
import { preflight, withCors } from "./cors";
import { codedEtag, matchesEtag, negotiate } from "./encoding";
import { ApiError } from "../platform/errors";
import { parseQuery } from "./request";
import { v1Routes } from "./router";
import { namedKeys, pathHint, withIds } from "./slugs";
import { notModifiedResponse, okResponse, streamResponse } from "./respond";
import { RawJson, StreamBody, type ApiRequest, type ApiResponse, type RouteDef } from "./types";
import { unitCost } from "../plans";
import { observeRequest } from "./observe";

type Ctx = KeyedCtx<RouteDef>;

/**
 * /v1 on the keyed pipeline (lib/http/keyed.ts): GETs without a body, every authenticated request
 * rate-limited (unknown paths at 0 units), served from the response cache or the handler. A request
 * with a cached key and a cached response makes no promise; with the key digest compared as bytes,
 * a hit's server CPU fell 4% (A/B against the async version, bench/).
 */
export const v1Surface: Surface<RouteDef> = {
  name: "/v1",
  // Answered in JSON, never by Next's HTML 404.
  prefix: /^\/v\d+(?:[/?]|$)/i,
  table: v1Routes,
  unmatched: "after-key",
  body: null,
  isPublic: (route) => route.public === true,
  judge: (caller, req, route) =>
    caller.restrictions === null ? null : restrictionError(caller.restrictions, req, route),
  // The price is the route's group on the caller's plan: a lookup in the in-memory catalogue.
  units: (caller, route) => unitCost(caller.plan, route.group),
  serve,
  preflight,
  finished(c, res, durationMs) {
    const authFailed = c.trace.failure !== null && c.trace.failure.reason !== "backend_unavailable";
    withCors(c.req, res);
    observeRequest(c.req, res, c.endpoint, durationMs, c.trace.caller?.prefix, authFailed);
  },
};

/** Every /v1 request, from the Next.js route handler and the lean node:http server alike. */
export function handleApiRequest(req: ApiRequest): Answer {
  return handleKeyed(v1Surface, req);
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

async function miss(c: Ctx, { route, params }: RouteMatch<RouteDef>, cacheKey: string): Promise<ApiResponse> {
  // Only a record named by slug costs a lookup (and an await); every other miss stays synchronous here.
  const named = namedKeys(route, params, c.req.query);
  const given =
    named.length === 0 ? { params, query: c.req.query } : await withIds(db, named, params, c.req.query);
  const query = parseQuery(given.query, route.query);
  const data = await route.handler({ query, params: given.params, caller: c.caller, db, req: c.req });
  if (data instanceof StreamBody) {
    // The connection's units; the stream meters its events itself (lib/api/endpoints/stream.ts).
    const units = c.caller ? unitCost(c.caller.plan, route.group) : 0;
    const unitHeaders = settle(c, 200, units);
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
  const { req, caller } = c;
  const route = c.match!.route;
  const encoding = negotiate(req.header("accept-encoding"));
  if (matchesEtag(req.header("if-none-match"), entry.etag)) {
    // Not Modified costs 0 units but is still a request (rate limit, request log, metering).
    const unitHeaders = settle(c, 304, 0);
    const etag = entry.compressed ? codedEtag(entry.etag, encoding) : undefined;
    return notModifiedResponse(c.requestId, [c.limitHeaders, unitHeaders, entry.validators], etag);
  }
  const units = caller ? unitCost(caller.plan, entry.group ?? route.group) : 0;
  const unitHeaders = settle(c, 200, units);
  const sets = [c.limitHeaders, unitHeaders, entry.validators];
  return okResponse(c.requestId, entry, cache, route.raw === true, encoding, sets);
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
