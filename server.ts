// Production server for `npm start`: /v1, /healthz and /readyz go straight to the shared handlers
// (no Next.js per-request pipeline); everything else (dashboard, docs) goes to Next.
import http from "node:http";
import next from "next";
import { handleNodeRequest } from "./lib/api/adapters/node";
import { watchDataVersion } from "./lib/api/cache";
import { checkReadiness, LIVENESS_BODY } from "./lib/health";
import { logError, logInfo } from "./lib/log";
import { flushUsage, usageStats } from "./lib/usage";

export async function startServer(opts: { port: number; host: string; dev?: boolean }) {
  const app = next({ dev: opts.dev ?? false, dir: process.cwd(), hostname: opts.host, port: opts.port });
  const nextHandler = app.getRequestHandler();
  await app.prepare();
  watchDataVersion();

  let stopping = false;
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    // While draining, answer and close keep-alive connections so clients move on.
    if (stopping) res.setHeader("Connection", "close");
    if (url.startsWith("/v1/") || url === "/v1" || url.startsWith("/v1?")) {
      handleNodeRequest(req, res).catch((err) => fail(res, err));
    } else if (url === "/healthz") {
      json(res, 200, LIVENESS_BODY);
    } else if (url === "/readyz") {
      checkReadiness().then(({ ok, body }) => json(res, ok ? 200 : 503, body), (err) => fail(res, err));
    } else {
      // Append the socket peer so a client-sent X-Forwarded-For cannot pose as the caller's address
      // in the dashboard's audit log (lib/auth/route.ts reads it, honouring TRUST_PROXY_HOPS).
      const forwarded = req.headers["x-forwarded-for"];
      const peer = req.socket.remoteAddress ?? "";
      req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
      nextHandler(req, res).catch((err) => fail(res, err));
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  logInfo("statline listening", { url: `http://${opts.host === "0.0.0.0" ? "localhost" : opts.host}:${opts.port}` });

  // Drain, then write buffered metering (bounded wait), then exit. Responses are metered before
  // they are written, so once connections are closed nothing that reached a client is lost.
  let exiting = false;
  const exit = async (drained: boolean) => {
    if (exiting) return;
    exiting = true;
    if (!drained) server.closeAllConnections();
    const flushed = await flushUsage(Number(process.env.USAGE_SHUTDOWN_FLUSH_MS ?? 5000));
    logInfo("stopped", { drained, meteringFlushed: flushed, metering: usageStats().flush });
    process.exit(0);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logInfo("shutting down: draining requests", { signal });
    server.close(() => void exit(true));
    server.closeIdleConnections();
    setTimeout(() => void exit(false), 8_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}

function json(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(body);
}

function fail(res: http.ServerResponse, err: unknown) {
  logError("request failed", err);
  if (!res.headersSent) json(res, 500, JSON.stringify({ error: { code: "INTERNAL_ERROR", message: "Internal error" } }));
  else res.end();
}
