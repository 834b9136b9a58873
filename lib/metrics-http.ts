import { createHash, timingSafeEqual } from "node:crypto";
import { metrics } from "./metrics";

/**
 * GET /metrics for the lean server and the Next route. With METRICS_TOKEN set, scrapers must send
 * `Authorization: Bearer <token>` (compared in constant time); without it /metrics is open, which
 * is fine when the port is only reachable from the monitoring network.
 */
export async function renderMetrics(
  authorization: string | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const token = process.env.METRICS_TOKEN;
  if (token && !tokenMatches(authorization, token)) {
    return {
      status: 401,
      headers: {
        "Content-Type": "application/json",
        "WWW-Authenticate": 'Bearer realm="metrics"',
        "Cache-Control": "no-store",
      },
      body: JSON.stringify({ error: { code: "UNAUTHORIZED", message: "Metrics token required" } }),
    };
  }
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
