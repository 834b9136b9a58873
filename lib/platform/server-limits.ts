import http from "node:http";
import type { Socket } from "node:net";
import { ApiError } from "./errors";
import { metrics } from "./metrics";
import { envInt, envIntOpt } from "./config";

/**
 * Connection and body limits of the production server (server.ts). Measured before
 * them: 20,000 idle sockets exhausted the 20,000 file descriptors (new requests got no answer,
 * silent sockets were never closed) and 4 × 200 MB POSTs were read whole (RSS 1.97 GB).
 */
export const serverLimits = {
  /** Node's own default (0) never closes a socket that sends nothing; headersTimeout does not either. */
  idleTimeoutMs: envInt("SERVER_IDLE_TIMEOUT_MS"),
  /** Above a load balancer's idle timeout (60 s on common ones), so it never reuses a closed socket. */
  keepAliveTimeoutMs: envInt("SERVER_KEEP_ALIVE_TIMEOUT_MS"),
  headersTimeoutMs: envInt("SERVER_HEADERS_TIMEOUT_MS"),
  requestTimeoutMs: envInt("SERVER_REQUEST_TIMEOUT_MS"),
  maxConnections: envInt("SERVER_MAX_CONNECTIONS"),
  /** Behind a reverse proxy every connection comes from the proxy, so the default there is off. */
  maxConnectionsPerIp:
    envIntOpt("SERVER_MAX_CONNECTIONS_PER_IP") ?? (envInt("TRUST_PROXY_HOPS") > 0 ? 0 : 256),
  bodyLimitBytes: envInt("BODY_LIMIT_BYTES"),
};

/**
 * An IncomingMessage that stops taking a body past `bodyLimit`: Node's parser hands every body
 * chunk to `push`, so this caps chunked bodies (no Content-Length) as they stream in. Once
 * refused, a chunk is dropped without `super.push`, which leaves the stream waiting for data
 * and the parser stops reading the socket: the rest of the body stays unread in the kernel.
 */
export class BoundedIncomingMessage extends http.IncomingMessage {
  bodyLimit = Infinity;
  private received = 0;
  private refused = false;
  onOverflow: (() => void) | undefined;

  refuseBody(): void {
    this.refused = true;
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && (this.refused || this.bodyLimit !== Infinity)) {
      if (this.refused) return false;
      this.received += (chunk as Buffer).length;
      if (this.received > this.bodyLimit) {
        this.refused = true;
        this.onOverflow?.();
        return false;
      }
    }
    return super.push(chunk, encoding);
  }
}

/**
 * The 413 in the API's error shape. Not closed the Node way (`Connection: close`): Node closes
 * the socket as soon as the answer is written, and closing with the client's body bytes unread
 * sends a reset that discarded the 413 from the client's buffer (2 of 4 in the abuse test). The
 * socket is closed 1 s later instead, the body left unread meanwhile (BoundedIncomingMessage).
 */
function tooLarge(req: http.IncomingMessage, res: http.ServerResponse, limit: number): void {
  metrics.bodyTooLarge();
  if (req instanceof BoundedIncomingMessage) req.refuseBody();
  const socket = req.socket;
  setTimeout(() => socket.destroy(), 1000).unref();
  if (res.headersSent) return;
  const err = new ApiError("PAYLOAD_TOO_LARGE", `Request body larger than ${limit} bytes`);
  const body = JSON.stringify({ error: { code: err.code, message: err.message } });
  // Also when the client sent `Connection: close` (Node's client does without an agent).
  res.shouldKeepAlive = true;
  res.writeHead(err.status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/**
 * Refuses a request whose declared body is over the limit (before a byte of it is read) and arms
 * the streaming cap for chunked ones. Returns false when the request was answered here.
 */
export function admitBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  limit = serverLimits.bodyLimitBytes,
): boolean {
  if (limit === 0) return true;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) {
    tooLarge(req, res, limit);
    return false;
  }
  if (req instanceof BoundedIncomingMessage) {
    req.bodyLimit = limit;
    req.onOverflow = () => tooLarge(req, res, limit);
  }
  return true;
}

const OVER_CAP = Symbol("overCap");
const FIRST_HEAD = Symbol("firstHead");
type Tracked = Socket & { [OVER_CAP]?: true; [FIRST_HEAD]?: NodeJS.Timeout };

/** How long an over-cap connection may take to send its request (answered 503), and how many wait at once. */
const OVER_CAP_GRACE_MS = 1000;
const OVER_CAP_WAITING = 256;
export const OVER_CAP_RETRY_AFTER_S = 5;

/**
 * Closes a connection that has sent nothing `ms` after it opened. Node's headersTimeout starts at
 * a request's first byte, so a silent socket was never closed (256 of 300 still open after 40 s);
 * one that has sent a byte is left to headersTimeout, which answers it 408.
 */
function armFirstHead(socket: Tracked, ms: number): void {
  if (ms === 0) return;
  const timer = setTimeout(() => {
    if (socket.bytesRead === 0) {
      metrics.connectionRefused("silent");
      socket.destroy();
    }
  }, ms).unref();
  socket[FIRST_HEAD] = timer;
  socket.once("close", () => clearTimeout(timer));
}

function answerOverCap(res: http.ServerResponse): void {
  const body = JSON.stringify({
    error: { code: "SERVICE_UNAVAILABLE", message: "Too many connections from this address" },
  });
  res.writeHead(503, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    "Retry-After": String(OVER_CAP_RETRY_AFTER_S),
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  });
  res.end(body);
}

/**
 * Timeouts, the global connection cap and the per-address cap, applied to one server (after its
 * request listener is attached: the listener is wrapped so an over-cap connection is answered 503).
 */
export function applyServerLimits(server: http.Server): void {
  const l = serverLimits;
  server.timeout = l.idleTimeoutMs;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  server.headersTimeout = l.headersTimeoutMs;
  server.requestTimeout = l.requestTimeoutMs;
  if (l.maxConnections > 0) server.maxConnections = l.maxConnections;
  server.on("drop", () => metrics.connectionRefused("max_connections"));
  server.on("clientError", answerClientError);
  const handlers = server.listeners("request") as http.RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket as Tracked;
    clearTimeout(socket[FIRST_HEAD]);
    if (socket[OVER_CAP]) return answerOverCap(res);
    for (const h of handlers) h.call(server, req, res);
  });
  const open = new Map<string, number>();
  let waiting = 0;
  server.on("connection", (socket: Tracked) => {
    const ip = socket.remoteAddress ?? "";
    const n = (open.get(ip) ?? 0) + 1;
    if (l.maxConnectionsPerIp > 0 && n > l.maxConnectionsPerIp) {
      metrics.connectionRefused("per_ip");
      // A retryable 503 rather than a reset, for as many as can wait without crowding others out.
      if (waiting >= OVER_CAP_WAITING) return void socket.destroy();
      waiting++;
      socket[OVER_CAP] = true;
      socket.once("close", () => waiting--);
      setTimeout(() => socket.destroy(), OVER_CAP_GRACE_MS).unref();
      return;
    }
    armFirstHead(socket, l.headersTimeoutMs);
    if (l.maxConnectionsPerIp === 0) return;
    open.set(ip, n);
    socket.once("close", () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}

/** Node's HTTP parser's refusals, answered in the API's error shape (Node wrote an empty 400). */
const PARSE_ERRORS: Record<string, [number, string]> = {
  HPE_INVALID_METHOD: [400, "Unsupported HTTP method"],
  HPE_HEADER_OVERFLOW: [431, "Request headers too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request not received in time"],
};

function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  const open = socket.writable && !(socket as Socket & { _httpMessage?: unknown })._httpMessage;
  if (!open || err.code === "ECONNRESET") return void socket.destroy();
  const [status, message] = PARSE_ERRORS[err.code ?? ""] ?? [400, "Malformed HTTP request"];
  const body = JSON.stringify({ error: { code: "INVALID_REQUEST", message } });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** Options for http.createServer: the bounded request class and a 1 s check of the two timeouts. */
export const serverOptions: http.ServerOptions = {
  IncomingMessage: BoundedIncomingMessage,
  // Node checks headersTimeout/requestTimeout every 30 s by default, so a 10 s limit could take 40 s.
  connectionsCheckingInterval: 1000,
  headersTimeout: serverLimits.headersTimeoutMs,
  requestTimeout: serverLimits.requestTimeoutMs,
};
