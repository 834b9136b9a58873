import type { IncomingMessage, ServerResponse } from "node:http";
import { clientIpFromChain } from "../platform/client-ip";
import type { ApiRequest, ApiResponse } from "../api/types";
import { handleKeyed, type Surface } from "./keyed";
import type { Routable } from "./routes";

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

/** A node:http handler: settles once written; a /v1 cache hit is written synchronously (no promise). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | undefined;

/**
 * Adapts node:http to a keyed surface, skipping Next's per-request cost. A surface that reads a
 * body closes the connection when it answered before reading it all (a refused body is not parsed
 * as the next request).
 */
export function nodeHandler<R extends Routable, A>(surface: Surface<R, A>): NodeHandler {
  const closeUnread = surface.body !== null;
  return (req, res) => {
    const out = handleKeyed(surface, new NodeApiRequest(req), req);
    // Node marks even a bodiless request complete only after its request event: a surface that
    // reads bodies answers a turn later, so an answer given before reading (404, 401) keeps the
    // connection open when nothing was left unread.
    if (out instanceof Promise || closeUnread)
      return Promise.resolve(out).then((o) => send(req, res, o, closeUnread));
    send(req, res, out, false);
  };
}

/** A surface as server.ts dispatches it: by path prefix. */
export interface NodeSurface {
  prefix: RegExp;
  /** Reads its own body within its routes' limits (server.ts's BODY_LIMIT_BYTES is not applied). */
  ownsBody: boolean;
  serve: NodeHandler;
}

export function nodeSurface<R extends Routable, A>(surface: Surface<R, A>): NodeSurface {
  return { prefix: surface.prefix, ownsBody: surface.body !== null, serve: nodeHandler(surface) };
}

function send(req: IncomingMessage, res: ServerResponse, out: ApiResponse, closeUnread: boolean): void {
  if (closeUnread && !req.complete) out.headers["Connection"] = "close";
  if (out.stream) streamTo(req, res, out);
  else writeResponse(res, out, req.method === "HEAD");
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

/** Writes an answer whole: its body, or its pre-encoded parts in one corked write. */
export function writeResponse(res: ServerResponse, out: ApiResponse, head: boolean): void {
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
