import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { admin, createKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";

// The lean serving path (server.ts -> lib/api/adapters/node.ts) against plain `next start`
// (app/v1 route -> lib/api/adapters/next.ts): same pipeline, so the same answers; plus what only
// the lean adapter does (raw-query cache keys, Content-Length, HEAD, keep-alive).

let lean: RunningApp;
let next: RunningApp;
let uncached: RunningApp;
let key: string;

beforeAll(async () => {
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  key = createKey(databaseUrl, "lean-path@statline.test");
  // Many requests in a few seconds: keep the rate limiter out of these tests.
  admin(databaseUrl, "account", "plan", "--email", "lean-path@statline.test", "--plan", "unlimited");
  [lean, next, uncached] = await Promise.all([
    startApp({ databaseUrl }),
    startApp({ databaseUrl, mode: "next" }),
    startApp({ databaseUrl, env: { RESPONSE_CACHE: "off" } }),
  ]);
});

afterAll(async () => {
  await Promise.all([lean, next, uncached].filter(Boolean).map((app) => app.stop()));
});

async function get(app: RunningApp, path: string, init: { method?: string; key?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers["x-api-key"] = init.key ?? key;
  const res = await fetch(app.baseUrl + path, { method: init.method ?? "GET", headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

/** A raw HTTP/1.1 exchange, so headers and body bytes are seen exactly as sent. */
function raw(app: RunningApp, path: string, method = "GET", agent?: http.Agent) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; localPort: number }>(
    (resolve, reject) => {
      const req = http.request(
        app.baseUrl + path,
        { method, headers: { "x-api-key": key }, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              bytes: Buffer.concat(chunks),
              localPort: req.socket!.localPort!,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("lean server: response cache keyed by the raw query string", () => {
  test("a repeated request is a HIT with the same data; another spelling of the query is its own entry", async () => {
    const first = await get(lean, "/v1/teams?limit=3&offset=1");
    const again = await get(lean, "/v1/teams?limit=3&offset=1");
    expect([first.body.meta.cache, again.body.meta.cache]).toEqual(["MISS", "HIT"]);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.meta.request_id).not.toBe(first.body.meta.request_id);
    const swapped = await get(lean, "/v1/teams?offset=1&limit=3");
    expect(swapped.body.meta.cache).toBe("MISS");
    expect(swapped.body.data).toEqual(first.body.data);
  });

  test("an invalid query is validated on every request, never served from the cache", async () => {
    for (const path of ["/v1/teams?limit=abc", "/v1/teams?limit=2&limit=2", "/v1/teams?colour=red"]) {
      for (let i = 0; i < 2; i++) {
        const r = await get(lean, path);
        expect(r.status, path).toBe(400);
        expect(r.body.error.code).toBe("INVALID_PARAMETER");
      }
    }
  });

  test("a cached entry never answers a caller without a valid key", async () => {
    await get(lean, "/v1/teams?limit=2");
    expect((await get(lean, "/v1/teams?limit=2")).body.meta.cache).toBe("HIT");
    const anonymous = await get(lean, "/v1/teams?limit=2", { key: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe("API key required");
  });

  test("RESPONSE_CACHE=off answers every request from the handler", async () => {
    const a = await get(uncached, "/v1/teams?limit=2");
    const b = await get(uncached, "/v1/teams?limit=2");
    expect([a.body.meta.cache, b.body.meta.cache]).toEqual(["MISS", "MISS"]);
    expect(b.body.data).toEqual(a.body.data);
  });
});

describe("lean server: bytes on the wire", () => {
  test("Content-Length is the body's UTF-8 byte count, also with non-ASCII names, on a miss and a hit", async () => {
    // Person names in the demo data carry accents (e.g. "Kılıçsoy"): characters != bytes. A hit
    // is written from the cached, pre-encoded bytes; a miss from the serialized string.
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await raw(lean, "/v1/persons?limit=200");
      expect(r.status).toBe(200);
      const text = r.bytes.toString("utf8");
      expect(text.length).toBeLessThan(r.bytes.length);
      expect(Number(r.headers["content-length"])).toBe(r.bytes.length);
      const body = JSON.parse(text);
      expect(body.data.items.length).toBeGreaterThan(0);
      expect(body.meta.request_id).toBe(r.headers["x-request-id"]);
      seen.push(body.meta.cache);
    }
    expect(seen).toEqual(["MISS", "HIT"]);
  });

  test("HEAD answers the GET's status and headers with no body", async () => {
    await raw(lean, "/v1/teams?limit=4");
    // Both from the cache now: meta.cache ("HIT" vs "MISS") changes the length by a byte.
    const g = await raw(lean, "/v1/teams?limit=4");
    const h = await raw(lean, "/v1/teams?limit=4", "HEAD");
    expect(h.status).toBe(200);
    expect(h.bytes.length).toBe(0);
    expect(h.headers["content-length"]).toBe(g.headers["content-length"]);
    expect(h.headers["content-type"]).toBe(g.headers["content-type"]);
    expect(h.headers["x-request-id"]).toMatch(/^req_/);
  });

  test("keep-alive: one connection carries many requests", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const ports = new Set<number>();
      for (let i = 0; i < 10; i++) ports.add((await raw(lean, "/v1/teams", "GET", agent)).localPort);
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe("one implementation behind two adapters", () => {
  const cases: [string, string][] = [
    ["GET", "/v1/teams?limit=3&offset=2"],
    ["GET", "/v1/teams/1"],
    ["GET", "/v1/teams/999999"],
    ["GET", "/v1/teams?limit=-1"],
    ["GET", "/v1/persons?q=kilic"],
    ["GET", "/v1/no-such-endpoint"],
    ["POST", "/v1/teams"],
  ];
  test.each(cases)("%s %s: lean and next answer alike", async (method, path) => {
    const [a, b] = await Promise.all([get(lean, path, { method }), get(next, path, { method })]);
    expect(b.status).toBe(a.status);
    if (a.status === 200) expect(b.body.data).toEqual(a.body.data);
    else expect(b.body).toEqual(a.body);
    // The same headers come out of both adapters (values such as request ids differ).
    // (Next adds its own, e.g. Vary; only the API's headers are compared.)
    const api = /^(x-request-id|x-ratelimit-|x-units-|content-type$|allow$|retry-after$)/;
    const names = (h: Headers) => [...h.keys()].filter((n) => api.test(n)).sort();
    expect(names(b.headers)).toEqual(names(a.headers));
  });
});
