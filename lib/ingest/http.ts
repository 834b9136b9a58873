import type { IncomingMessage, ServerResponse } from "node:http";
import { clientIpFromChain } from "../platform/client-ip";
import type { ApiRequest } from "../api/types";
import { handleIngestRequest } from "./pipeline";

/** /ingest/v1 and its look-alikes: answered by the ingest pipeline in JSON. */
export const INGEST_PATH = /^\/ingest\/v\d+(?:[/?]|$)/i;

/** The pipeline's view of a node request (also the sandbox's: lib/replay/http.ts). */
export function apiRequest(req: IncomingMessage): ApiRequest {
  const raw = req.url ?? "/";
  const q = raw.indexOf("?");
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(", ") : v;
  };
  return {
    method: req.method ?? "GET",
    path: q === -1 ? raw : raw.slice(0, q),
    query: new URLSearchParams(q === -1 ? "" : raw.slice(q + 1)),
    header,
    get ip() {
      const peer = req.socket.remoteAddress ?? "";
      const forwarded = header("x-forwarded-for");
      return clientIpFromChain(forwarded ? `${forwarded}, ${peer}` : peer) ?? "unknown";
    },
  };
}

/** The lean server's handler for /ingest/v1 (server.ts routes to it beside /v1). */
export async function handleIngestNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const out = await handleIngestRequest(req, apiRequest(req));
  out.headers["Content-Length"] = String(Buffer.byteLength(out.body));
  // A refused body is not read to the end: close rather than parse the rest as the next request.
  if (!req.complete) out.headers["Connection"] = "close";
  res.writeHead(out.status, out.headers);
  res.end(req.method === "HEAD" ? undefined : out.body);
}
