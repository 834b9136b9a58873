import type { IncomingMessage, ServerResponse } from "node:http";
import { clientIpFromChain } from "../../platform/client-ip";
import { ApiError } from "../../platform/errors";
import { handleApiRequest } from "../pipeline";
import { errorResponse, newRequestId } from "../respond";
import type { ApiRequest, ApiResponse } from "../types";

/**
 * The pipeline's view of a node:http request. A class, so a request costs one object rather than
 * an object plus three closures; the query string is parsed only if asked for (a response-cache
 * hit does not).
 */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly canStream = true;
  private parsed: URLSearchParams | undefined;

  constructor(private readonly req: IncomingMessage) {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    this.method = req.method ?? "GET";
    this.path = q === -1 ? raw : raw.slice(0, q);
    this.rawQuery = q === -1 ? "" : raw.slice(q + 1);
  }

  get query(): URLSearchParams {
    return (this.parsed ??= new URLSearchParams(this.rawQuery));
  }

  /** Read only when the request is logged: X-Forwarded-For plus the peer, as server.ts does for Next. */
  get ip(): string {
    const peer = this.req.socket.remoteAddress ?? "";
    const forwarded = this.header("x-forwarded-for");
    return clientIpFromChain(forwarded ? `${forwarded}, ${peer}` : peer) ?? "unknown";
  }

  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return Array.isArray(v) ? v.join(", ") : v;
  }
}

/** A request target that is not a path ("*", an absolute URL): 400 in JSON, never Next's 500. */
export function writeBadTarget(res: ServerResponse): void {
  write(
    res,
    errorResponse(
      newRequestId(),
      new ApiError("INVALID_REQUEST", "The request target must be a path starting with /"),
    ),
    false,
  );
}

/** true when the path (before any query) holds a percent-escape that is not UTF-8 ("%E0%A4%A"). */
export function malformedPath(url: string): boolean {
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return false;
  } catch {
    return true;
  }
}

/** A path Next cannot decode into its route params: 400 in JSON, never Next's bare 500. */
export function writeBadPath(res: ServerResponse): void {
  write(
    res,
    errorResponse(
      newRequestId(),
      new ApiError(
        "INVALID_REQUEST",
        "The request path holds a malformed percent-encoding: each %XX must encode UTF-8 bytes",
      ),
    ),
    false,
  );
}

/**
 * Adapts node:http to the framework-free pipeline, skipping Next's per-request cost. A cache hit
 * is answered synchronously (no promise); otherwise the returned promise settles once written.
 */
export function handleNodeRequest(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
  const out = handleApiRequest(new NodeApiRequest(req));
  if (out instanceof Promise) return out.then((o) => send(req, res, o));
  send(req, res, out);
}

function send(req: IncomingMessage, res: ServerResponse, out: ApiResponse): void {
  if (out.stream) streamTo(req, res, out);
  else write(res, out, req.method === "HEAD");
}

/**
 * A long-lived response (GET /v1/stream). The socket's idle timeout (SERVER_IDLE_TIMEOUT_MS) is
 * lifted for it: an idle stream is normal, heartbeats keep proxies open, and a client that stops
 * reading is dropped by the stream's buffer bound instead. Node's request timeout does not apply:
 * it only covers receiving the request, which is complete.
 */
function streamTo(req: IncomingMessage, res: ServerResponse, out: ApiResponse): void {
  const stream = out.stream!;
  res.writeHead(out.status, out.headers);
  if (req.method === "HEAD") {
    stream.close();
    return void res.end();
  }
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);
  res.flushHeaders();
  stream.start({
    write: (chunk) => res.write(chunk),
    get buffered() {
      return res.writableLength + (res.socket?.writableLength ?? 0);
    },
    // The connection closes with the stream: nothing else waits on it, and a draining server
    // (shutdown) would otherwise hold the then-idle keep-alive socket until its deadline.
    end: () => void res.end(() => res.socket?.end()),
    destroy: () => res.destroy(),
    onDrain: (cb) => res.once("drain", cb),
    onClose: (cb) => res.once("close", cb),
  });
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
  // 204 and 304 carry no body and no Content-Length (RFC 9110).
  if (out.status !== 304 && out.status !== 204) out.headers["Content-Length"] = String(length);
  res.writeHead(out.status, out.headers);
  if (head) return void res.end();
  res.cork();
  for (const c of chunks) res.write(c);
  res.end();
  res.uncork();
}
