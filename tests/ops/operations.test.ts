import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { createKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";

/** Operator surface of one lean instance: /metrics, /readyz, request logs. */
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
let app: RunningApp;
let key: string;

beforeAll(async () => {
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  key = createKey(databaseUrl, "ops@example.test");
  app = await startApp({ databaseUrl, env: { METRICS_TOKEN, LOG_REQUESTS: "all", INSTANCE_ID: "ops-1" } });
});
afterAll(async () => {
  await app?.stop();
});

const metrics = async () =>
  (await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();

describe("operations", () => {
  test("/metrics needs the token when METRICS_TOKEN is set", async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status,
    ).toBe(401);
    const res = await fetch(`${app.baseUrl}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
  });

  test("requests are counted by route pattern and status, auth failures by reason", async () => {
    const before = await metrics();
    const count = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
    const byId =
      /statline_http_requests_total\{route="\/v1\/teams\/\{id\}",method="GET",status="(?:200|404)"\} (\d+)/;
    const missing = /statline_auth_failures_total\{reason="missing"\} (\d+)/;
    await fetch(`${app.baseUrl}/v1/teams/424242`, { headers: { "X-API-Key": key } });
    await fetch(`${app.baseUrl}/v1/teams/424243`, { headers: { "X-API-Key": key } });
    await fetch(`${app.baseUrl}/v1/teams`);
    const after = await metrics();
    expect(count(after, byId) - count(before, byId)).toBe(2);
    expect(count(after, missing) - count(before, missing)).toBe(1);
    expect(after).not.toContain("424242");
    expect(after).toMatch(
      /statline_http_request_duration_seconds_bucket\{le="0.005",route="\/v1\/teams\/\{id\}"/,
    );
    expect(after).toMatch(/^statline_metering_flush_lag_seconds \d/m);
  });

  test("/readyz reports the database and that Redis is not configured", async () => {
    const res = await fetch(`${app.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", database: "up", redis: "not_configured" });
  });

  test("request logs are JSON lines with the request id and the key prefix, never the key", async () => {
    const res = await fetch(`${app.baseUrl}/v1/teams?limit=1`, {
      headers: { Authorization: `Bearer ${key}`, Cookie: "next-auth.session-token=secret-cookie-value" },
    });
    const requestId = res.headers.get("x-request-id")!;
    await new Promise((r) => setTimeout(r, 300));
    const line = app
      .output()
      .split("\n")
      .find((l) => l.includes(requestId));
    expect(line, "request log line").toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: "info",
      requestId,
      route: "/v1/teams",
      status: 200,
      key: key.slice(0, 16),
      instance: "ops-1",
    });
    expect(app.output()).not.toContain(key);
    expect(app.output()).not.toContain("secret-cookie-value");
  });
});

test("the Next.js route serves the same /metrics under `next start`", async () => {
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  const nextApp = await startApp({ databaseUrl, mode: "next" });
  try {
    await fetch(`${nextApp.baseUrl}/v1/teams`);
    const text = await (await fetch(`${nextApp.baseUrl}/metrics`)).text();
    expect(text).toMatch(/statline_auth_failures_total\{reason="missing"\} 1/);
    expect(text).toContain("statline_process_cpu_seconds_total");
  } finally {
    await nextApp.stop();
  }
});
