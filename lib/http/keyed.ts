/**
 * The one pipeline of the key-authenticated surfaces (/v1, /ingest/v1, /sandbox/v1), each a
 * Surface: its route table, its body policy and its handler stage. Stages: route match,
 * authenticate, restrictions, admit (rate limit, quota), input (the body policy), handler and
 * settle (the surface's serve), record (request log), and one internal-error mapper for anything
 * that is not an ApiError.
 *
 * Each stage returns a value or a promise, so a /v1 request with a cached key and a cached response
 * makes no promise and no microtask: as async functions, the four awaits of a hit were ~5% of its
 * profile (runMicrotasks, processTicksAndRejections). Stages are plain functions of (ctx, value),
 * never closures made per request: the server runs under tsx, whose keepNames wraps every closure
 * creation in a `__name` call (~1% of a hit in the profile).
 */
import type { IncomingMessage } from "node:http";
import { authenticate, type AuthResult } from "../api/auth";
import { ApiError } from "../platform/errors";
import { refusalError } from "../api/refusals";
import { errorResponse, newRequestId } from "../api/respond";
import type { ApiRequest, ApiResponse } from "../api/types";
import type { AuthFailure, Caller } from "../keys/caller";
import { metrics } from "../platform/metrics";
import { recordRequest, type RequestTrace } from "../requestlog/record";
import { usage, type Admission } from "../usage";
import { readInput, type BodyRule, type Input } from "./body";
import { internalError } from "./internal-error";
import type { Lookup, Routable, RouteMatch, RouteTable } from "./routes";

const UNMATCHED = "(unmatched)";
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** A stage's answer: synchronous when nothing had to wait (a known key and a cache hit). */
export type Answer = ApiResponse | Promise<ApiResponse>;

/** One keyed surface: what the shared pipeline is parameterised by. */
export interface Surface<R extends Routable, A = undefined> {
  /** "/v1", "/ingest/v1": names the surface in the error log. */
  readonly name: string;
  /** The paths server.ts hands to this surface: its prefix and look-alikes (/V1, /v2). */
  readonly prefix: RegExp;
  readonly table: RouteTable<R>;
  /**
   * "before-key": an unknown path or method is refused before authentication (the write
   * surfaces). "after-key": every authenticated request is rate-limited, unknown paths included
   * (at 0 units), and the surface's serve refuses them (/v1).
   */
  readonly unmatched: "before-key" | "after-key";
  /** The body a route reads (size limit, media types); null: no route reads one (/v1's GETs). */
  readonly body: ((route: R) => BodyRule | null) | null;
  /** Answered without a key (the OpenAPI documents). */
  isPublic(route: R): boolean;
  /** The key's 403 for this call, judged in memory and answered after the rate limit; or null. */
  judge(caller: Caller, req: ApiRequest, route: R | undefined): ApiError | null;
  /** Units the admission reserves for a call within the key's rights. */
  units(caller: Caller, route: R): number;
  /** Checks of the path parameters and headers, before the body is read; its value is ctx.accepted. */
  accept?(c: Ctx<R, A>): A;
  /** The route's answer: input validated, handler run, units settled (settle()). */
  serve(c: Ctx<R, A>): Answer;
  /** A CORS preflight's answer, before anything else (not logged); null otherwise. */
  preflight?(req: ApiRequest, requestId: string): ApiResponse | null;
  /** Last touches before the request is logged (CORS headers, request metrics). */
  finished?(c: Ctx<R, A>, res: ApiResponse, durationMs: number): void;
}

/** What one request carries from stage to stage. */
export interface Ctx<R extends Routable, A = undefined> {
  surface: Surface<R, A>;
  req: ApiRequest;
  /** The node request whose body the body policy reads (unset: the adapter has none). */
  incoming: IncomingMessage | undefined;
  requestId: string;
  match: RouteMatch<R> | null;
  endpoint: string;
  trace: RequestTrace;
  caller: Caller | null;
  limitHeaders: Readonly<Record<string, string>>;
  admission: Admission | undefined;
  /** A restricted key's 403, answered after the rate limit. */
  denied: ApiError | null;
  accepted: A | undefined;
  input: Input | undefined;
}

/** Runs one request through `surface`. */
export function handleKeyed<R extends Routable, A>(
  surface: Surface<R, A>,
  req: ApiRequest,
  incoming?: IncomingMessage,
): Answer {
  const startedAt = performance.now();
  const requestId = newRequestId();
  const early = surface.preflight?.(req, requestId);
  if (early) return early;
  // HEAD is answered as GET; a route without a method (/v1) takes any.
  const lookup = surface.table.match(req.method === "HEAD" ? "GET" : req.method, req.path);
  const match = lookup !== null && "route" in lookup ? lookup : null;
  const trace: RequestTrace = { caller: null, failure: null, errorCode: null, errorMessage: null, units: 0 };
  const c: Ctx<R, A> = {
    surface,
    req,
    incoming,
    requestId,
    match,
    endpoint: match?.route.pattern ?? UNMATCHED,
    trace,
    caller: null,
    limitHeaders: NO_HEADERS,
    admission: undefined,
    denied: null,
    accepted: undefined,
    input: undefined,
  };
  const res =
    match === null
      ? guard(c, surface.unmatched === "before-key" ? refuseUnmatched : authenticated, lookup)
      : guard(c, surface.isPublic(match.route) ? surface.serve : authenticated);
  return res instanceof Promise ? res.then((r) => finish(c, r, startedAt)) : finish(c, res, startedAt);
}

function finish<R extends Routable, A>(c: Ctx<R, A>, res: ApiResponse, startedAt: number): ApiResponse {
  const durationMs = performance.now() - startedAt;
  c.surface.finished?.(c, res, durationMs);
  recordRequest(c.req, res, c.endpoint, c.trace, durationMs);
  return res;
}

/** Runs a stage; a throw or a rejection becomes the error response. */
function guard<R extends Routable, A, T>(
  c: Ctx<R, A>,
  stage: (c: Ctx<R, A>, value: T) => Answer,
  value?: T,
): Answer {
  try {
    const out = stage(c, value as T);
    return out instanceof Promise ? out.catch((err: unknown) => fail(c, err)) : out;
  } catch (err) {
    return fail(c, err);
  }
}

function refuseUnmatched<R extends Routable, A>(c: Ctx<R, A>, lookup: Lookup<R>): Answer {
  const { method, path } = c.req;
  if (lookup === null || !("allowed" in lookup))
    throw new ApiError("NOT_FOUND", `No endpoint at ${path.slice(0, 100)}`);
  throw new ApiError("METHOD_NOT_ALLOWED", `Method ${method.slice(0, 20)} is not allowed here`, {
    Allow: lookup.allowed.join(", "),
  });
}

/** A key that did not authenticate: counted (metrics, the account's usage) and kept on the trace. */
function countRefusedKey(trace: RequestTrace, failure: AuthFailure): void {
  metrics.authFailure(failure.reason);
  usage.authFailed(failure);
  trace.failure = failure;
}

function authenticated<R extends Routable, A>(c: Ctx<R, A>): Answer {
  if (c.req.principal) return admit(c, { ok: true, caller: c.req.principal });
  const auth = authenticate(c.req);
  return auth instanceof Promise ? auth.then((a) => guard(c, admit, a)) : admit(c, auth);
}

function admit<R extends Routable, A>(c: Ctx<R, A>, auth: AuthResult): Answer {
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
  c.denied = c.surface.judge(caller, c.req, route);
  const pending = usage.admit(caller, c.denied === null && route ? c.surface.units(caller, route) : 0);
  return pending instanceof Promise ? pending.then((a) => guard(c, admitted, a)) : admitted(c, pending);
}

function admitted<R extends Routable, A>(c: Ctx<R, A>, a: Admission): Answer {
  c.admission = a;
  c.limitHeaders = a.headers;
  if (!a.ok) throw refusalError(a.refusal);
  if (c.denied !== null) throw c.denied;
  const { surface } = c;
  if (surface.accept) c.accepted = surface.accept(c);
  const rule = surface.body && c.match ? surface.body(c.match.route) : null;
  return rule ? readInput(c.incoming, rule).then((input) => guard(c, withInput, input)) : surface.serve(c);
}

function withInput<R extends Routable, A>(c: Ctx<R, A>, input: Input): Answer {
  c.input = input;
  return c.surface.serve(c);
}

/** The settle stage: meters the answer's units and returns the headers that report them. */
export function settle<R extends Routable, A>(
  c: Ctx<R, A>,
  status: number,
  units: number,
): Readonly<Record<string, string>> {
  if (!c.caller) return NO_HEADERS;
  c.trace.units = units;
  return usage.settle(c.caller, c.endpoint, status, units, c.admission);
}

function fail<R extends Routable, A>(c: Ctx<R, A>, err: unknown): ApiResponse {
  const error = err instanceof ApiError ? err : internalError(err, c.requestId, c.req, c.surface.name);
  if (error.status === 429) metrics.rateLimited(error.code);
  c.trace.errorCode = error.code;
  c.trace.errorMessage = error.message;
  // The caller's mistakes (4xx) cost no units but still count as requests.
  return errorResponse(c.requestId, error, [c.limitHeaders, settle(c, error.status, 0)]);
}
