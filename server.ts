// Production server for `npm start`: /v1, /healthz, /readyz and /metrics go straight to the shared
// handlers (no Next.js per-request pipeline); everything else (dashboard, docs) goes to Next.
import http from "node:http";
import next from "next";
import pkg from "./package.json" with { type: "json" };
import { malformedPath, writeBadPath, writeBadTarget } from "./lib/api/adapters/node";
import { v1Surface } from "./lib/api/pipeline";
import { nodeSurface, type NodeSurface } from "./lib/http/node";
import { ingestSurface } from "./lib/ingest/pipeline";
import { sandboxSurface } from "./lib/replay/http";
import { interruptReplays } from "./lib/replay/runner";
import { cacheStats, watchDataVersion } from "./lib/api/cache";
import { envInt, envStrOpt, setEnvDefault } from "./lib/platform/config";
import { db } from "./lib/platform/db";
import { logError, logInfo, logWarn } from "./lib/platform/log";
import { setListenHost } from "./lib/platform/metrics-http";
import { OPS_ROUTES, serveOps } from "./lib/platform/ops";
import { metrics } from "./lib/platform/metrics";
import { importMaxBytes, OPERATOR_IMPORT_PATH } from "./lib/operator/import-limits";
import { startHeartbeat } from "./lib/operator/instances";
import { loadCatalogue, watchCatalogue } from "./lib/plans/catalogue";
import { getRedis, whenRedisReady } from "./lib/platform/redis";
import { admitBody, applyServerLimits, serverOptions } from "./lib/platform/server-limits";
import { gracefulShutdown, isStopping, onShutdown, onStopping } from "./lib/platform/shutdown";
import { closeAllStreams } from "./lib/events/stream";
import { createMcpApp } from "./lib/mcp/http/app";
import { MCP_PATHS } from "./lib/mcp/http/paths";
import { closeAllSessions } from "./lib/mcp/http/sessions";
import { trailingSlashTarget } from "./lib/platform/trailing-slash";
import { flushUsage, usageStats } from "./lib/usage";
import { startWebhooks, stopWebhooks } from "./lib/webhooks/worker";
import { startAlertSweep, stopAlertSweep } from "./lib/alerts/worker";
import { LEAK_REPORT_PATH } from "./lib/alerts/leak-report";

/** The key-authenticated surfaces (lib/http/keyed.ts), by path prefix. */
const KEYED: readonly NodeSurface[] = [
  nodeSurface(ingestSurface),
  nodeSurface(sandboxSurface),
  nodeSurface(v1Surface),
];

function keyedSurface(url: string): NodeSurface | undefined {
  for (const s of KEYED) if (s.prefix.test(url)) return s;
  return undefined;
}

export async function startServer(opts: { port: number; host: string; dev?: boolean }) {
  // Metering flushes on SQLite run on a writer thread (lib/usage/write-thread.ts); =off writes inline.
  setEnvDefault("USAGE_WRITE_THREAD", "on");
  const app = next({ dev: opts.dev ?? false, dir: process.cwd(), hostname: opts.host, port: opts.port });
  const nextHandler = app.getRequestHandler();
  await app.prepare();
  watchDataVersion();
  // The plan catalogue before the first request (a plan edited in the console applies from it).
  await loadCatalogue(db).catch((err: Error) =>
    logWarn("plan catalogue not loaded yet; built-in plans until the next poll", { reason: err.message }),
  );
  watchCatalogue();
  // The operator console's "instances seen" and their figures (docs/operator.md).
  const stopHeartbeat = startHeartbeat(db, () => {
    const usage = usageStats();
    const cache = cacheStats();
    return {
      flushLagMs: usage.flushLagMs,
      pendingRequests: usage.pendingRequests,
      responseCacheBytes: cache.bytes,
      responseCacheEntries: cache.entries,
      keyCacheEntries: metrics.probes.keyCacheEntries?.() ?? 0,
    };
  });
  if (getRedis()) {
    // Start with shared limits when Redis is there; serve anyway (local fallback) when it is not.
    if (!(await whenRedisReady(2000))) logInfo("starting without redis; will keep reconnecting");
  }

  setListenHost(opts.host);
  // HSTS at run time, not in next.config.mjs: Next evaluates headers() at build time, and the
  // public URL may change without a rebuild. No includeSubDomains: other hosts are not ours.
  const hsts = /^https:/i.test(envStrOpt("NEXTAUTH_URL") ?? "");
  // /mcp and its OAuth authorization server (the MCP SDK's Express handlers; lib/mcp/http/app.ts).
  const listenOrigin = `http://${opts.host === "0.0.0.0" ? "localhost" : opts.host}:${opts.port}`;
  const mcpApp = createMcpApp(db, { fallbackOrigin: listenOrigin, version: pkg.version });
  const server = http.createServer(serverOptions, (req, res) => {
    const url = req.url ?? "/";
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    // While draining, tell keep-alive clients to reconnect (to another instance).
    if (isStopping()) res.setHeader("Connection", "close");
    // /ingest/v1 and /sandbox/v1 limit bodies per route (bulk odds are larger than BODY_LIMIT_BYTES).
    const keyed = keyedSurface(url);
    if (keyed?.ownsBody) return serveKeyed(keyed, req, res);
    // Every route (dashboard, handoff, next-auth, sign-up; /v1 takes none) gets the body limit here;
    // the operator console's file import has its own (OPERATOR_IMPORT_MAX_BYTES), and leak reports
    // none here: GitHub batches matches past 16 KiB, and the route reads at most 256 KiB.
    const limit = OPERATOR_IMPORT_PATH.test(url) ? importMaxBytes() : undefined;
    if (url !== LEAK_REPORT_PATH && !admitBody(req, res, limit)) return;
    if (url[0] !== "/") {
      writeBadTarget(res);
    } else if (keyed) {
      serveKeyed(keyed, req, res);
    } else if (MCP_PATHS.test(url)) {
      mcpApp(req, res);
    } else if (Object.hasOwn(OPS_ROUTES, url)) {
      serveOps(url, req.headers.authorization).then(
        ({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        },
        (err) => fail(res, err),
      );
    } else if (malformedPath(url)) {
      writeBadPath(res);
    } else {
      const slashless = trailingSlashTarget(url);
      if (slashless !== null) {
        res.writeHead(308, { Location: slashless, "Cache-Control": "no-store" });
        res.end();
        return;
      }
      // Append the socket peer so a client-sent X-Forwarded-For cannot pose as the caller's address
      // in the dashboard's audit log (lib/auth/route.ts reads it, honouring TRUST_PROXY_HOPS).
      const forwarded = req.headers["x-forwarded-for"];
      const peer = req.socket.remoteAddress ?? "";
      req.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
      nextHandler(req, res).catch((err) => fail(res, err));
    }
  });
  applyServerLimits(server);
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  logInfo("statline listening", {
    url: `http://${opts.host === "0.0.0.0" ? "localhost" : opts.host}:${opts.port}`,
  });

  // Webhook deliveries (WEBHOOKS=off turns them off here): every instance runs a sender; the outbox
  // lease gives each delivery to one of them. Stopped after the drain, before metering is flushed.
  startWebhooks(db);
  onShutdown("webhooks", stopWebhooks);
  onShutdown("heartbeat", async () => stopHeartbeat());
  onShutdown("replays", () => interruptReplays(db));
  // Key-expiry alerts and pending alert emails (quota alerts ride on the metering flush).
  startAlertSweep(db);
  onShutdown("alert sweep", async () => stopAlertSweep());

  // Drain (lib/platform/shutdown.ts), then write buffered metering (bounded wait), then exit. Responses
  // are metered before they are written, so nothing that reached a client is lost.
  // Streams end at once on SIGTERM (clients resume on another instance with Last-Event-ID).
  onStopping(() => {
    const n = closeAllStreams();
    if (n) logInfo("closed live streams for shutdown", { streams: n });
    const m = closeAllSessions();
    if (m) logInfo("closed MCP sessions for shutdown", { sessions: m });
  });
  onShutdown("metering flush", async () => {
    const flushed = await flushUsage(envInt("USAGE_SHUTDOWN_FLUSH_MS"));
    logInfo("metering flushed", { meteringFlushed: flushed, metering: usageStats().flush });
  });
  process.on("SIGTERM", () => void gracefulShutdown(server, "SIGTERM"));
  process.on("SIGINT", () => void gracefulShutdown(server, "SIGINT"));
  return server;
}

function json(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(body);
}

/** A keyed surface's answer; a /v1 cache hit is written synchronously. */
function serveKeyed(surface: NodeSurface, req: http.IncomingMessage, res: http.ServerResponse): void {
  try {
    surface.serve(req, res)?.catch((err: unknown) => fail(res, err));
  } catch (err) {
    fail(res, err);
  }
}

function fail(res: http.ServerResponse, err: unknown) {
  logError("request failed", err);
  if (!res.headersSent)
    json(res, 500, JSON.stringify({ error: { code: "INTERNAL_ERROR", message: "Internal error" } }));
  else res.end();
}
