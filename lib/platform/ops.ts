import { AppError } from "./errors";
import { checkReadiness, LIVENESS_BODY } from "./health";
import { renderMetrics } from "./metrics-http";

export interface OpsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NO_STORE_JSON = { "Content-Type": "application/json", "Cache-Control": "no-store" };

/**
 * The operations endpoints, defined once. They are answered before Next (server.ts) or by the app
 * routes under plain `next start` (app/healthz, app/readyz, app/metrics, through `opsRouteHandler`),
 * so they do not go through route(); they refuse the same way, by throwing an AppError that
 * `serveOps` maps to its {error:{code,message}} body, status and headers.
 */
export const OPS_ROUTES: Record<string, (authorization: string | undefined) => Promise<OpsResponse>> = {
  "/healthz": async () => ({ status: 200, headers: NO_STORE_JSON, body: LIVENESS_BODY }),
  "/readyz": async () => {
    const { ok, body } = await checkReadiness();
    return { status: ok ? 200 : 503, headers: NO_STORE_JSON, body };
  },
  "/metrics": renderMetrics,
};

/** One operations endpoint's answer; a refusal (AppError) as its error body. Anything else throws. */
export async function serveOps(path: string, authorization: string | undefined): Promise<OpsResponse> {
  try {
    return await OPS_ROUTES[path](authorization);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return {
      status: err.status,
      headers: { ...NO_STORE_JSON, ...err.headers },
      body: JSON.stringify(err.body()),
    };
  }
}

/** The Next.js route handler for one operations endpoint. */
export function opsRouteHandler(path: keyof typeof OPS_ROUTES) {
  return async (request: Request): Promise<Response> => {
    const { status, headers, body } = await serveOps(path, request.headers.get("authorization") ?? undefined);
    return new Response(body, { status, headers });
  };
}
