import { clientIpFromChain } from "../../platform/client-ip";
import { handleApiRequest } from "../pipeline";
import { bodyBytes } from "../respond";
import type { ApiRequest } from "../types";

/** Adapts a Web Request (Next.js route handler) to the framework-free pipeline. */
export async function handleNextRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const apiRequest: ApiRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    rawQuery: url.search.slice(1),
    // Next's own response compression (next start) re-encodes bodies and broke pre-compressed
    // ones (corrupt gzip in tests/api/http.test.ts): here the pipeline answers identity and Next
    // compresses. The lean server (npm start) serves the stored gzip/br copies.
    header: (name) => (name === "accept-encoding" ? undefined : (request.headers.get(name) ?? undefined)),
    ip: clientIpFromChain(request.headers.get("x-forwarded-for")) ?? "unknown",
  };
  const res = await handleApiRequest(apiRequest);
  // Never set here (the stream route refuses without canStream); closed so no slot leaks.
  res.stream?.close();
  const body = bodyBytes(res);
  const empty = request.method === "HEAD" || res.status === 304 || res.status === 204;
  return new Response(empty ? null : typeof body === "string" ? body : new Uint8Array(body), {
    status: res.status,
    headers: res.headers,
  });
}
