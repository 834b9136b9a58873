import { handleApiRequest } from "../pipeline";
import { bodyBytes } from "../respond";
import type { ApiRequest } from "../types";
import type { Caller } from "../../keys/caller";

/** Headers the pipeline may read; credentials and content negotiation stay out (plain JSON back). */
const PASSED = new Set(["accept", "user-agent"]);

/**
 * A fetch for the Statline SDK client that /mcp's tools use: each call runs the /v1 pipeline in
 * this process as the token's principal (rate limit, scopes, IP allowlist, quota, metering and the
 * request log exactly as for its API key), without a loopback connection.
 */
export function inProcessFetch(caller: Caller, ip: string) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const req: ApiRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      rawQuery: url.search.slice(1),
      header: (name) => (PASSED.has(name) ? (request.headers.get(name) ?? undefined) : undefined),
      ip,
      principal: caller,
    };
    const res = await handleApiRequest(req);
    const bytes = res.status === 204 || res.status === 304 ? null : bodyBytes(res);
    const body = typeof bytes === "string" || bytes === null ? bytes : new Uint8Array(bytes);
    return new Response(body, { status: res.status, headers: res.headers });
  };
}
