import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient, parseRetryAfter, StatlineError, type RetryInfo } from "@statline/sdk";
import { freePort } from "../support/app";

// A scripted HTTP server: each request takes the next answer from `script`. It stands in for the
// failures a real Statline cannot be made to produce on demand (a 503 from the key store, a 500),
// so the retry rules are checked over real HTTP. The 429 path against the real server is in client.test.ts.
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };
let script: Answer[] = [];
let seen: { at: number; auth: string | undefined }[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ at: Date.now(), auth: req.headers.authorization });
    const a = script.shift() ?? { status: 200 };
    res.writeHead(a.status, {
      "Content-Type": "application/json",
      "X-Request-Id": `req_${seen.length}`,
      ...a.headers,
    });
    res.end(
      JSON.stringify(a.body ?? { data: { items: [], total: 0 }, meta: { request_id: `req_${seen.length}` } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const error = (code: string, message = code) => ({ error: { code, message } });
function client(retries: RetryInfo[] = [], maxDelayMs?: number) {
  script = script.slice();
  seen = [];
  return createClient({
    baseUrl,
    apiKey: "sk_test_00000000000000000000000000000000",
    env: {},
    retry: { baseDelayMs: 20, maxDelayMs, onRetry: (r) => retries.push(r) },
  });
}

describe("retries", () => {
  test("503 AUTH_BACKEND_UNAVAILABLE is retried after Retry-After, then succeeds", async () => {
    const retries: RetryInfo[] = [];
    const c = client(retries);
    script = [{ status: 503, headers: { "Retry-After": "1" }, body: error("AUTH_BACKEND_UNAVAILABLE") }];
    const body = await c.get("/v1/teams");
    expect(body.data.total).toBe(0);
    expect(seen).toHaveLength(2);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, delayMs: 1000, status: 503 })]);
    expect(seen.every((s) => s.auth === "Bearer sk_test_00000000000000000000000000000000")).toBe(true);
  });

  test("429 without Retry-After backs off and gives up after maxRetries with the last error", async () => {
    const retries: RetryInfo[] = [];
    const c = client(retries);
    script = Array.from({ length: 4 }, () => ({ status: 429, body: error("RATE_LIMITED", "Slow down") }));
    const err = await c.get("/v1/teams").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatlineError);
    expect(err).toMatchObject({
      code: "RATE_LIMITED",
      message: "Slow down",
      status: 429,
      requestId: "req_4",
    });
    expect(seen).toHaveLength(4); // 1 + 3 retries
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  test("429 AUTH_THROTTLED is not retried: only a correct key helps", async () => {
    const retries: RetryInfo[] = [];
    const c = client(retries);
    script = [
      { status: 429, headers: { "Retry-After": "1" }, body: error("AUTH_THROTTLED", "Too many bad keys") },
      { status: 200 },
    ];
    const err = (await c.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
    expect(err).toMatchObject({ code: "AUTH_THROTTLED", message: "Too many bad keys", retryable: false });
    expect(seen).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  test("a Retry-After longer than maxDelayMs is not slept on: the error carries it", async () => {
    const c = client([], 5_000);
    script = [{ status: 429, headers: { "Retry-After": "86400" }, body: error("QUOTA_EXCEEDED") }];
    const err = (await c.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
    expect(err.code).toBe("QUOTA_EXCEEDED");
    expect(err.retryAfter).toBe(86400);
    expect(seen).toHaveLength(1);
  });

  test.each([400, 401, 403, 404, 405, 500])("HTTP %i is never retried", async (status) => {
    const c = client();
    script = [{ status, headers: { "Retry-After": "1" }, body: error("X", `status ${status}`) }];
    const err = (await c.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
    expect(err).toBeInstanceOf(StatlineError);
    expect(err.status).toBe(status);
    expect(err.message).toBe(`status ${status}`);
    expect(seen).toHaveLength(1);
  });

  test("a body that is not the API's error shape still gives a typed error", async () => {
    const c = client();
    script = [{ status: 502, headers: { "Content-Type": "text/html" }, body: "<html>Bad gateway</html>" }];
    const err = (await c.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
    expect(err).toMatchObject({ code: "HTTP_502", status: 502, requestId: "req_1" });
  });

  test("no server at all: NETWORK_ERROR after the retries", async () => {
    const retries: RetryInfo[] = [];
    const closed = await freePort();
    const c = createClient({
      baseUrl: `http://127.0.0.1:${closed}`,
      apiKey: "sk_test_x",
      env: {},
      retry: { maxRetries: 2, baseDelayMs: 5, onRetry: (r) => retries.push(r) },
    });
    const err = (await c.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
    expect(err).toMatchObject({ code: "NETWORK_ERROR", status: 0, requestId: null });
    expect(err.message).toBe(`Cannot reach http://127.0.0.1:${closed}: ECONNREFUSED`);
    expect(retries.map((r) => r.status)).toEqual([0, 0]);
  });

  test("retry: false sends once", async () => {
    seen = [];
    const c = createClient({ baseUrl, apiKey: "k", env: {}, retry: false });
    script = [{ status: 503, headers: { "Retry-After": "1" }, body: error("SERVICE_UNAVAILABLE") }];
    await expect(c.get("/v1/teams")).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    expect(seen).toHaveLength(1);
  });
});

test("Retry-After: seconds or an HTTP date", () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  expect(parseRetryAfter("7", now)).toBe(7);
  expect(parseRetryAfter("Sat, 21 Nov 2026 12:00:30 GMT", now)).toBe(30);
  expect(parseRetryAfter("Sat, 21 Nov 2026 11:00:00 GMT", now)).toBe(0);
  expect(parseRetryAfter("soon", now)).toBeNull();
  expect(parseRetryAfter(null, now)).toBeNull();
});
