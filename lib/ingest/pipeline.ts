/**
 * Every /ingest/v1 request: authenticate (the /v1 key check), require the `ingest` scope, admit
 * (rate limit and quota, like every key), read the body within the route's limit, replay a stored
 * answer for a repeated Idempotency-Key, validate, then write in one transaction that also stores
 * the answer; after commit, drop response caches and wake streams (bumpDataVersion) when anything
 * changed. Errors are the spec's {error:{code,message}}, never a 500 for the caller's mistake.
 */
import type { IncomingMessage } from "node:http";
import type { ZodType } from "zod";
import { admitKey, type KeyState } from "../api/admit-key";
import { restrictionError } from "../api/auth";
import { invalidateResponseCache } from "../api/cache";
import { isDatabaseUnavailable } from "../platform/db-errors";
import { ApiError } from "../platform/errors";
import { errorResponse, newRequestId, noStoreJson as json } from "../api/respond";
import type { ApiRequest, ApiResponse } from "../api/types";
import { db } from "../platform/db";
import { bumpDataVersion } from "../events/data-version";
import { notifyChanges } from "../events/notify";
import type { Caller } from "../keys/caller";
import { INGEST_SCOPE } from "../keys/scopes";
import { logError } from "../platform/log";
import { metrics } from "../platform/metrics";
import { recordRequest, type RequestTrace } from "../requestlog/record";
import { usage } from "../usage";
import { bodyMediaType, parseJson, parseNdjson, readBody, validate } from "./body";
import { commitInTransaction } from "./commit";
import { idempotencyKey, pruneAnswers, requestHash, storedAnswer, type StoredAnswer } from "./idempotency";
import { ingestOpenApi } from "./openapi";
import { compileRoutes, routeFor } from "./router";
import { ingestRoutes } from "./routes";

const compiled = compileRoutes(ingestRoutes);
const SOURCE = /^[a-z0-9][a-z0-9_.-]{0,39}$/;

/** The answer and what the request log and metering need. */
interface Outcome {
  res: ApiResponse;
  endpoint: string;
}

export async function handleIngestRequest(req: IncomingMessage, apiReq: ApiRequest): Promise<ApiResponse> {
  const startedAt = performance.now();
  const requestId = newRequestId();
  const trace: RequestTrace = { caller: null, failure: null, errorCode: null, units: 0 };
  const state: KeyState = {
    caller: null,
    limit: {},
  };
  let endpoint = "(unmatched)";
  let out: Outcome;
  try {
    out = await run(req, apiReq, requestId, trace, state, (e) => (endpoint = e));
  } catch (err) {
    const error = err instanceof ApiError ? err : internal(err, requestId, apiReq);
    trace.errorCode = error.code;
    if (error.status === 429) metrics.rateLimited(error.code);
    const units = state.caller ? usage.settle(state.caller, endpoint, error.status, 0, state.admission) : {};
    out = { res: errorResponse(requestId, error, [state.limit, units]), endpoint };
  }
  recordRequest(apiReq, out.res, out.endpoint, trace, performance.now() - startedAt);
  return out.res;
}

async function run(
  req: IncomingMessage,
  apiReq: ApiRequest,
  requestId: string,
  trace: RequestTrace,
  state: KeyState,
  setEndpoint: (e: string) => void,
): Promise<Outcome> {
  const { route, params } = routeFor(compiled, apiReq);
  setEndpoint(route.pattern);
  if (route.public)
    return { res: json(requestId, 200, JSON.stringify(ingestOpenApi()), {}), endpoint: route.pattern };
  // The ingest scope is never implied: an unrestricted key (every /v1 scope) is refused too.
  const caller = await admitKey(
    apiReq,
    trace,
    state,
    route.units,
    ({ restrictions: r }) =>
      (r && restrictionError(r, apiReq, undefined)) ??
      (r?.scopes?.has(INGEST_SCOPE)
        ? null
        : new ApiError(
            "FORBIDDEN",
            `This key lacks the '${INGEST_SCOPE}' scope required by ${route.pattern}; an operator account mints ingest keys`,
          )),
  );
  if (!SOURCE.test(params.source))
    throw new ApiError(
      "INVALID_PARAMETER",
      "Invalid parameter 'source': 1-40 lower-case letters, digits, '_', '.' or '-', starting with a letter or digit",
    );
  const idemKey = idempotencyKey(apiReq.header("idempotency-key"));
  const text = await readBody(req, route.maxBytes);
  const media = bodyMediaType(apiReq.header("content-type"), text, route.bodyKind === "ndjson");
  const hash = requestHash(route.method, apiReq.path, text);
  const replay = await storedAnswer(db, caller.keyId, idemKey, hash);
  if (replay) return answered(requestId, replay, state, caller, route.pattern, true, trace, route.units);
  const body =
    route.bodyKind === "ndjson"
      ? media === "ndjson"
        ? await parseNdjson(text, elementOf(route.body), 5000)
        : [validate(elementOf(route.body), parseJson(text))]
      : validate(route.body, parseJson(text));
  const idem = { keyId: caller.keyId, idemKey, hash };
  const inTransaction = () => commitInTransaction(idem, (tx) => route.handler({ body, params, caller, tx }));
  const written = route.commit
    ? await route.commit({ body, params, idem }, inTransaction)
    : await inTransaction();
  pruneNowAndThen();
  if (written.changed) {
    // Other instances drop their caches on their next data-version poll; this one at once. An
    // odds batch drops only the odds readers' entries. A write that set the version row in its
    // own transaction only signals.
    if (written.head === undefined) await bumpDataVersion(route.changes);
    else await notifyChanges(db, written.head);
    invalidateResponseCache(route.changes);
  }
  return answered(requestId, written.answer, state, caller, route.pattern, false, trace, route.units);
}

/** Expired Idempotency-Key answers go at most every PRUNE_EVERY_MS, off the request's path. */
const PRUNE_EVERY_MS = 10 * 60_000;
let lastPrune = 0;
function pruneNowAndThen(): void {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  pruneAnswers(db).catch((err: unknown) => logError("ingest: pruning idempotency answers failed", err));
}

const elementOf = (schema: unknown) => (schema as { element: ZodType }).element;

function answered(
  requestId: string,
  answer: StoredAnswer,
  state: KeyState,
  caller: Caller,
  endpoint: string,
  replayed: boolean,
  trace: RequestTrace,
  units: number,
): Outcome {
  const unitHeaders = usage.settle(caller, endpoint, answer.status, units, state.admission);
  trace.units = units;
  const extra: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  return {
    res: json(requestId, answer.status, answer.body, { ...state.limit, ...unitHeaders, ...extra }),
    endpoint,
  };
}

function internal(err: unknown, requestId: string, req: ApiRequest): ApiError {
  if (isDatabaseUnavailable(err)) {
    logError("database unavailable during /ingest/v1 request", err instanceof Error ? err.message : err, {
      requestId,
      path: req.path,
    });
    return new ApiError("SERVICE_UNAVAILABLE", "The database is unavailable; retry with back-off", {
      "Retry-After": "2",
    });
  }
  logError("unhandled error in /ingest/v1 handler", err, { requestId, path: req.path });
  return new ApiError("INTERNAL_ERROR", `Internal error; quote request id ${requestId} when reporting it`);
}
