import type { IncomingMessage, ServerResponse } from "node:http";
import { handleApiRequest } from "../pipeline";
import type { ApiRequest } from "../types";

/** Adapts node:http to the framework-free pipeline, skipping Next's per-request cost. */
export async function handleNodeRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const apiRequest: ApiRequest = {
    method: req.method ?? "GET",
    path: q === -1 ? raw : raw.slice(0, q),
    query: new URLSearchParams(q === -1 ? "" : raw.slice(q + 1)),
    header: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(", ") : v;
    },
    ip: req.socket.remoteAddress ?? "unknown",
  };
  const out = await handleApiRequest(apiRequest);
  out.headers["Content-Length"] = String(Buffer.byteLength(out.body));
  res.writeHead(out.status, out.headers);
  res.end(req.method === "HEAD" ? undefined : out.body);
}
