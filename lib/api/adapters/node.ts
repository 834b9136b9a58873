import type { IncomingMessage, ServerResponse } from "node:http";
import { handleApiRequest } from "../pipeline";
import type { ApiRequest, ApiResponse } from "../types";

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
  write(res, await handleApiRequest(apiRequest), req.method === "HEAD");
}

function write(res: ServerResponse, out: ApiResponse, head: boolean): void {
  const chunks = out.chunks;
  if (!chunks) {
    out.headers["Content-Length"] = String(Buffer.byteLength(out.body));
    res.writeHead(out.status, out.headers);
    res.end(head ? undefined : out.body);
    return;
  }
  // Pre-encoded parts (a cache hit): written as they are, in one corked write.
  let length = 0;
  for (const c of chunks) length += typeof c === "string" ? Buffer.byteLength(c) : c.byteLength;
  out.headers["Content-Length"] = String(length);
  res.writeHead(out.status, out.headers);
  if (head) return void res.end();
  res.cork();
  for (const c of chunks) res.write(c);
  res.end();
  res.uncork();
}
