/**
 * Every /sandbox/v1 request: route, authenticate (the /v1 key check: any key, live or test, no
 * scope needed), the key's IP allowlist, admission (rate limit and quota, one unit a call), the
 * JSON body (4 KiB at most), then the handler. Answers are `{"data": …}`; refusals the spec's
 * `{"error":{"code","message"}}`, never a 500 for the caller's mistake.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { admitKey, type KeyState } from "../api/admit-key";
import { restrictionError } from "../api/auth";
import { isDatabaseUnavailable } from "../platform/db-errors";
import { ApiError } from "../platform/errors";
import { errorResponse, newRequestId, noStoreJson as json } from "../api/respond";
import type { ApiRequest, ApiResponse } from "../api/types";
import { db } from "../platform/db";
import { apiRequest } from "../ingest/http";
import { parseJson, readBody, validate } from "../ingest/body";
import { logError } from "../platform/log";
import { metrics } from "../platform/metrics";
import { recordRequest, type RequestTrace } from "../requestlog/record";
import { usage } from "../usage";
import { sandboxOpenApi } from "./openapi";
import { compileRoutes, routeFor } from "../ingest/router";
import { sandboxRoutes } from "./routes";

const compiled = compileRoutes(sandboxRoutes);

/** /sandbox/v1 and its look-alikes. */
export const SANDBOX_PATH = /^\/sandbox\/v\d+(?:[/?]|$)/i;

const MAX_BODY_BYTES = 4096;
const UNITS = 1;

interface State extends KeyState {
  endpoint: string;
}

async function run(
  req: IncomingMessage,
  apiReq: ApiRequest,
  requestId: string,
  trace: RequestTrace,
  s: State,
) {
  const { route, params } = routeFor(compiled, apiReq);
  s.endpoint = route.pattern;
  if (!route.handler) return json(requestId, 200, JSON.stringify(sandboxOpenApi()), {});
  // Any key, live or test, no scope needed: only a restricted key's IP allowlist applies.
  const caller = await admitKey(apiReq, trace, s, UNITS, ({ restrictions: r }) =>
    r ? restrictionError(r, apiReq, undefined) : null,
  );
  const body = route.body ? validate(route.body, parseJson(await readBody(req, MAX_BODY_BYTES))) : undefined;
  const data = await route.handler({ db, caller, params, body });
  const units = usage.settle(caller, s.endpoint, route.status ?? 200, UNITS, s.admission);
  trace.units = UNITS;
  return json(requestId, route.status ?? 200, JSON.stringify({ data }), { ...s.limit, ...units });
}

function internal(err: unknown, requestId: string, req: ApiRequest): ApiError {
  if (isDatabaseUnavailable(err))
    return new ApiError("SERVICE_UNAVAILABLE", "The database is unavailable; retry with back-off", {
      "Retry-After": "2",
    });
  logError("unhandled error in /sandbox/v1 handler", err, { requestId, path: req.path });
  return new ApiError("INTERNAL_ERROR", `Internal error; quote request id ${requestId} when reporting it`);
}

/** The lean server's handler for /sandbox/v1 (server.ts routes to it beside /v1). */
export async function handleSandboxNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const startedAt = performance.now();
  const requestId = newRequestId();
  const apiReq = apiRequest(req);
  const trace: RequestTrace = { caller: null, failure: null, errorCode: null, units: 0 };
  const s: State = { caller: null, limit: {}, endpoint: "(unmatched)" };
  let out: ApiResponse;
  try {
    out = await run(req, apiReq, requestId, trace, s);
  } catch (err) {
    const error = err instanceof ApiError ? err : internal(err, requestId, apiReq);
    trace.errorCode = error.code;
    if (error.status === 429) metrics.rateLimited(error.code);
    const units = s.caller ? usage.settle(s.caller, s.endpoint, error.status, 0, s.admission) : {};
    out = errorResponse(requestId, error, [s.limit, units]);
  }
  recordRequest(apiReq, out, s.endpoint, trace, performance.now() - startedAt);
  out.headers["Content-Length"] = String(Buffer.byteLength(out.body));
  if (!req.complete) out.headers["Connection"] = "close";
  res.writeHead(out.status, out.headers);
  res.end(req.method === "HEAD" ? undefined : out.body);
}
