import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, expectError } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createKey, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

// HTTP details from the attack review on the production (lean) server, with
// CORS on for one origin.
let fx: Fixture;
let app: RunningApp;
let key: string;
let freeKey: string;
const ORIGIN = "https://app.example";

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "hardening@example.com");
  freeKey = createKey(fx.url, "free-hardening@example.com");
  app = await startApp({ databaseUrl: fx.url, mode: "lean", env: { CORS_ORIGINS: ORIGIN } });
});
afterAll(async () => {
  await app?.stop();
  await fx?.db.$disconnect();
});

/** What the server answers to bytes written on a fresh connection (until it closes). */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(app.baseUrl);
    const s = net.connect(Number(url.port), url.hostname, () => s.write(bytes));
    let out = "";
    s.setEncoding("utf8");
    s.on("data", (d: string) => (out += d));
    s.on("close", () => resolve(out));
    s.on("error", reject);
    s.setTimeout(5000, () => s.destroy());
  });
}

describe("ETag per content-coding", () => {
  const page = "/v1/persons?limit=50";
  test("br, gzip and identity bodies carry different strong ETags; If-None-Match still matches", async () => {
    const tags: Record<string, string> = {};
    for (const enc of ["br", "gzip", "identity"]) {
      const res = await fetch(app.baseUrl + page, { headers: { "X-API-Key": key, "Accept-Encoding": enc } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding") ?? "identity").toBe(enc);
      tags[enc] = res.headers.get("etag")!;
      expect(tags[enc]).toMatch(/^"[^"]+"$/);
    }
    expect(new Set(Object.values(tags)).size).toBe(3);
    expect(tags.br).toBe(`${tags.identity.slice(0, -1)}-br"`);
    for (const [enc, tag] of Object.entries(tags)) {
      const again = await fetch(app.baseUrl + page, {
        headers: { "X-API-Key": key, "Accept-Encoding": enc, "If-None-Match": tag },
      });
      expect(again.status, enc).toBe(304);
      expect(again.headers.get("etag")).toBe(tag);
    }
    // A cache holding the gzip body revalidates it for a client that asks for br: 304, the br tag.
    const cross = await fetch(app.baseUrl + page, {
      headers: { "X-API-Key": key, "Accept-Encoding": "br", "If-None-Match": tags.gzip },
    });
    expect(cross.status).toBe(304);
    expect(cross.headers.get("etag")).toBe(tags.br);
  });
});

describe("CORS refusals", () => {
  test("a refusal to a disallowed Origin says Vary: Origin; a disallowed preflight is a JSON 403, not a 401", async () => {
    const refused = await call(app.baseUrl, "/v1/persons", { headers: { Origin: "https://evil.example" } });
    expectError(refused, 401, "UNAUTHORIZED", "API key required");
    expect(refused.headers.get("vary")).toMatch(/Origin/);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    const ok = await call(app.baseUrl, "/v1/persons?limit=1", {
      key,
      headers: { Origin: "https://evil.example" },
    });
    expect(ok.headers.get("vary")).toMatch(/Origin/);
    const preflight = await call(app.baseUrl, "/v1/persons", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expectError(preflight, 403, "FORBIDDEN", "Cross-origin requests from this origin are not allowed");
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("www-authenticate")).toBeNull();
    expect(preflight.headers.get("vary")).toMatch(/Origin/);
  });
});

describe("rate-limit headers", () => {
  test("the free plan's policy window is the refill time (w=20), as documented", async () => {
    const r = await call(app.baseUrl, "/v1/persons?limit=1", { key: freeKey });
    expect(r.status).toBe(200);
    expect(r.headers.get("ratelimit-policy")).toBe('"default";q=20;w=20');
    expect(r.headers.get("ratelimit")).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  test("the unlimited plan sends the IETF fields too", async () => {
    const r = await call(app.baseUrl, "/v1/persons?limit=1", { key });
    expect(r.headers.get("ratelimit")).toBe('"default";r=2147483647;t=0');
    expect(r.headers.get("ratelimit-policy")).toBe('"default";q=2147483647;w=1');
    expect(r.headers.get("x-ratelimit-limit")).toBe("2147483647");
  });
});

describe("request syntax", () => {
  test("Bearer with two spaces before the key authenticates (RFC 7235 1*SP)", async () => {
    const r = await call(app.baseUrl, "/v1/persons?limit=1", {
      headers: { Authorization: `Bearer  ${key}` },
    });
    expect(r.status, r.text).toBe(200);
  });

  test("an unknown method (FOO) is answered in JSON", async () => {
    const out = await rawExchange("FOO /v1/teams HTTP/1.1\r\nHost: x\r\n\r\n");
    const [head, body] = out.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      error: { code: "INVALID_REQUEST", message: "Unsupported HTTP method" },
    });
  });

  test("/api paths that match nothing are JSON 404s with X-Request-Id", async () => {
    for (const path of ["/api", "/api/nope", "/api/dashboard/nope/deeper"]) {
      const r = await call(app.baseUrl, path);
      expectError(r, 404, "NOT_FOUND", `No endpoint at ${path}`);
      expect(r.headers.get("x-request-id"), path).toMatch(/^req_/);
    }
  });

  test("the trailing-slash redirect keeps the query as sent (constructor, toString)", async () => {
    const res = await fetch(`${app.baseUrl}/docs/?constructor=1&toString=2&a=3`, { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/docs?constructor=1&toString=2&a=3");
    const api = await fetch(`${app.baseUrl}/api/?toString=1`, { redirect: "manual" });
    expect(api.headers.get("location")).toBe("/api?toString=1");
  });
});

describe("Content-Security-Policy", () => {
  /** CSP host-sources cannot name an IPv6 host: Chromium drops `http://[::1]:*` as invalid. */
  const formAction = (csp: string) => /form-action ([^;]+)/.exec(csp)![1].trim().split(/\s+/);
  test("pages post to this origin only; the handoff approval page may post on to any loopback listener", async () => {
    const home = await fetch(`${app.baseUrl}/`);
    expect(formAction(home.headers.get("content-security-policy")!)).toEqual(["'self'"]);
    // Unsigned, the page redirects to sign-in: its own answer carries the policy.
    const approval = await fetch(`${app.baseUrl}/agent/ABCD-EFGH`, { redirect: "manual" });
    const sources = formAction(approval.headers.get("content-security-policy")!);
    expect(sources.some((s) => s.includes("["))).toBe(false);
    // http: covers http://127.0.0.1:<port> and http://[::1]:<port>, the two redirect targets.
    expect(sources).toEqual(["'self'", "http:"]);
  });
});
