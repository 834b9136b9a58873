import { db } from "./db";
import { pingDatabase } from "./db/client";
import { redisConfigured, redisUp } from "./redis";
import { withTimeout } from "./timeout";

/**
 * /readyz: the database answers within the deadline. Redis is reported but does not fail
 * readiness: without it every instance still serves with per-instance limits (degraded), and
 * failing readiness everywhere at once would turn a Redis outage into a full outage.
 */
export async function checkReadiness(timeoutMs = 1000): Promise<{ ok: boolean; body: string }> {
  const redis = redisConfigured() ? (redisUp() ? "up" : "down") : "not_configured";
  try {
    await withTimeout(pingDatabase(db), timeoutMs, "database");
    const status = redis === "down" ? "degraded" : "ready";
    return { ok: true, body: JSON.stringify({ status, database: "up", redis }) };
  } catch {
    return { ok: false, body: JSON.stringify({ status: "not_ready", database: "unreachable", redis }) };
  }
}

export const LIVENESS_BODY = JSON.stringify({ status: "ok" });
