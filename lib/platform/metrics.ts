import { perProcess } from "./process-state";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { RequestSeries } from "./metrics-requests";

/**
 * Prometheus metrics for GET /metrics. The request path only touches pre-resolved label
 * children (nested maps, no per-request label objects); gauges that mirror other modules
 * (metering buffer, Redis) are read at scrape time through probes.
 */
export interface Probes {
  /** Metering: increments buffered in memory, not yet written, and seconds since the last good flush. */
  usage?: () => { bufferedRequests: number; flushLagSeconds: number; flushFailures: number };
  redisUp?: () => number;
  rateLimiterFallback?: () => number;
  keyCacheEntries?: () => number;
  /** The response cache: entries held and the bytes counted against RESPONSE_CACHE_MAX_BYTES. */
  responseCache?: () => { entries: number; bytes: number };
}

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "statline_" });
  const probes: Probes = {};
  // Requests and latency are counted in plain arrays and handed to prom-client at scrape time:
  // Counter.inc and Histogram.observe hash their labels on every call (~0.5 µs per request).
  const series = new RequestSeries(registry, {
    count: { name: "statline_http_requests_total", help: "/v1 requests by route pattern, method and status" },
    latency: {
      name: "statline_http_request_duration_seconds",
      help: "/v1 request latency by route pattern and status",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    },
  });
  const rejections = new Counter({
    name: "statline_rate_limit_rejections_total",
    help: "429 answers by code (RATE_LIMITED, QUOTA_EXCEEDED)",
    labelNames: ["code"],
    registers: [registry],
  });
  const authFailures = new Counter({
    name: "statline_auth_failures_total",
    help: "Failed key authentications by reason",
    labelNames: ["reason"],
    registers: [registry],
  });
  const authBackendErrors = new Counter({
    name: "statline_auth_backend_errors_total",
    help: "Key lookups that failed because the database did not answer",
    registers: [registry],
  });
  const revocations = new Counter({
    name: "statline_revocations_received_total",
    help: "Revocations applied to this instance's key cache, by channel",
    labelNames: ["source"],
    registers: [registry],
  });
  const refusedConnections = new Counter({
    name: "statline_connections_refused_total",
    help: "Connections closed by the server's caps (max_connections, per_ip) or for sending nothing (silent)",
    labelNames: ["cap"],
    registers: [registry],
  });
  const tooLarge = new Counter({
    name: "statline_body_too_large_total",
    help: "Requests answered 413 because the body was over BODY_LIMIT_BYTES",
    registers: [registry],
  });
  const limiterErrors = new Counter({
    name: "statline_rate_limiter_redis_errors_total",
    help: "Rate-limit checks answered locally because Redis failed",
    registers: [registry],
  });
  const gauge = (name: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const v = read();
        if (v !== undefined) this.set(v);
      },
    });
  gauge(
    "statline_redis_up",
    "1 when the shared Redis connection is ready, 0 when down or without REDIS_URL",
    () => probes.redisUp?.(),
  );
  gauge(
    "statline_rate_limiter_fallback",
    "1 while rate limits are enforced per instance because Redis is down",
    () => probes.rateLimiterFallback?.(),
  );
  gauge("statline_key_cache_entries", "Verified keys held in this instance's cache", () =>
    probes.keyCacheEntries?.(),
  );
  gauge(
    "statline_response_cache_entries",
    "Responses held in this instance's response cache",
    () => probes.responseCache?.().entries,
  );
  gauge(
    "statline_response_cache_bytes",
    "Bytes the response cache counts against RESPONSE_CACHE_MAX_BYTES (every copy it holds)",
    () => probes.responseCache?.().bytes,
  );
  gauge(
    "statline_metering_buffered_requests",
    "Requests counted in memory and not yet written to the database",
    () => probes.usage?.().bufferedRequests,
  );
  gauge(
    "statline_metering_flush_failures",
    "Metering flushes that failed since start (retried on the next tick)",
    () => probes.usage?.().flushFailures,
  );
  gauge(
    "statline_metering_flush_lag_seconds",
    "Seconds since metering last flushed successfully (grows while the database is down)",
    () => probes.usage?.().flushLagSeconds,
  );

  return {
    registry,
    probes,
    /** One finished /v1 request; `route` is the pattern (or "(unmatched)"), never the raw path. */
    request: (route: string, method: string, status: number, seconds: number): void =>
      series.observe(route, method, status, seconds),
    rateLimited: (code: string) => rejections.labels(code).inc(),
    authFailure: (reason: string) => authFailures.labels(reason).inc(),
    authBackendError: () => authBackendErrors.inc(),
    revocationReceived: (source: "pubsub" | "poll") => revocations.labels(source).inc(),
    limiterRedisError: () => limiterErrors.inc(),
    connectionRefused: (cap: "max_connections" | "per_ip" | "silent") => refusedConnections.labels(cap).inc(),
    bodyTooLarge: () => tooLarge.inc(),
  };
}

export type Metrics = ReturnType<typeof create>;

// One registry per process (lib/platform/process-state.ts).
export const metrics: Metrics = perProcess("metrics", create);
