import { checkReadiness, LIVENESS_BODY } from "./health";
import { renderMetrics } from "./metrics-http";

export interface OpsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NO_STORE_JSON = { "Content-Type": "application/json", "Cache-Control": "no-store" };

/**
 * The operations endpoints, defined once. The lean server (server.ts) dispatches to them directly;
 * under plain `next start` the app routes (app/healthz, app/readyz, app/metrics) call the same
 * functions through `opsRouteHandler`.
 */
export const OPS_ROUTES: Record<string, (authorization: string | undefined) => Promise<OpsResponse>> = {
  "/healthz": async () => ({ status: 200, headers: NO_STORE_JSON, body: LIVENESS_BODY }),
  "/readyz": async () => {
    const { ok, body } = await checkReadiness();
    return { status: ok ? 200 : 503, headers: NO_STORE_JSON, body };
  },
  "/metrics": renderMetrics,
};

/** The Next.js route handler for one operations endpoint. */
export function opsRouteHandler(path: keyof typeof OPS_ROUTES) {
  return async (request: Request): Promise<Response> => {
    const { status, headers, body } = await OPS_ROUTES[path](
      request.headers.get("authorization") ?? undefined,
    );
    return new Response(body, { status, headers });
  };
}
