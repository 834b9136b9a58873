import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "./errors";
import { metrics } from "./metrics";
import { perProcess } from "./process-state";
import { envStr, envStrOpt } from "./config";

/** The address the server listens on, set by server.ts; otherwise HOST (as `next start -H`). */
const listen = perProcess("metricsListen", () => ({ host: undefined as string | undefined }));
export function setListenHost(host: string): void {
  listen.host = host;
}

function loopbackOnly(): boolean {
  const host = (listen.host ?? envStr("HOST")).replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\./.test(host);
}

/**
 * GET /metrics for the lean server and the Next route. With METRICS_TOKEN set, scrapers must send
 * `Authorization: Bearer <token>` (compared in constant time). Without it /metrics is open only
 * while the server listens on loopback; on any other address (the default 0.0.0.0) it answers
 * 403, as route names, key-cache sizes and traffic are not for the whole network.
 */
export async function renderMetrics(
  authorization: string | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const token = envStrOpt("METRICS_TOKEN");
  if (!token && !loopbackOnly())
    throw new ApiError(
      "FORBIDDEN",
      "Set METRICS_TOKEN to read /metrics on a server listening beyond loopback",
    );
  if (token && !tokenMatches(authorization, token))
    throw new ApiError("UNAUTHORIZED", "Metrics token required", {
      "WWW-Authenticate": 'Bearer realm="metrics"',
    });
  return {
    status: 200,
    headers: { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" },
    body: await metrics.registry.metrics(),
  };
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header?.trim() ?? "")?.[1] ?? "";
  // Hash both sides so the comparison is constant-time whatever their lengths.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(token).digest();
  return given.length > 0 && timingSafeEqual(a, b);
}
