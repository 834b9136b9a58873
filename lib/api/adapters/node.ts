import type { IncomingMessage, ServerResponse } from "node:http";
import { handleApiRequest } from "../pipeline";
import type { ApiRequest } from "../types";

/**
 * Adapts node:http to the framework-free pipeline, skipping Next's per-request cost. The query
 * string is parsed only if the pipeline asks for it (a response-cache hit does not).
 */
export async function handleNodeRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const rawQuery = q === -1 ? "" : raw.slice(q + 1);
  let query: URLSearchParams | undefined;
  const headers = req.headers;
  const apiRequest: ApiRequest = {
    method: req.method ?? "GET",
    path: q === -1 ? raw : raw.slice(0, q),
    get query() {
      return (query ??= new URLSearchParams(rawQuery));
    },
    rawQuery,
    header: (name) => {
      const v = headers[name];
      return Array.isArray(v) ? v.join(", ") : v;
    },
    get ip() {
      return req.socket.remoteAddress ?? "unknown";
    },
  };
  const out = await handleApiRequest(apiRequest);
  out.headers["Content-Length"] = String(Buffer.byteLength(out.body));
  res.writeHead(out.status, out.headers);
  res.end(req.method === "HEAD" ? undefined : out.body);
}
