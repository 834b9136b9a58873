import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LIMIT_ZERO } from "../../lib/api/request";
import { call, expectError, MODES, type Mode } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createKey, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

// HTTP conventions of /v1 over real HTTP on both servers: parameter clamps, compression,
// ETag/304 at 0 units and Cache-Control.

let fx: Fixture;
let key: string;
/** Free-plan keys, made before the servers start (a slow CLI call let next start's 5 s keep-alive lapse). */
const meteredKeys = {} as Record<Mode, string>;
const apps = {} as Record<Mode, RunningApp>;

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "http@example.com");
  for (const mode of MODES) meteredKeys[mode] = createKey(fx.url, `etag-${mode}@example.com`);
  const started = await Promise.all(MODES.map((mode) => startApp({ databaseUrl: fx.url, mode })));
  MODES.forEach((m, i) => (apps[m] = started[i]));
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((a) => a.stop()));
  await fx?.db.$disconnect();
});

/** The raw bytes and headers as sent (fetch would decode the body itself). */
function raw(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl + path, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
        );
      })
      .on("error", reject);
  });
}

describe.each(MODES)("%s server", (mode) => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    call(apps[mode].baseUrl, path, { key, headers });

  test("limit: any number of digits clamps, zero padding is fine, 0 is a 400 that says why", async () => {
    for (const limit of ["9999999999999999", "99999999999999999999999999999999", "200", "000500"]) {
      const r = await get(`/v1/persons?limit=${limit}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.items).toHaveLength(200);
    }
    expect((await get("/v1/persons?limit=007")).body.data.items).toHaveLength(7);
    for (const path of [
      "/v1/persons?limit=0",
      "/v1/teams?limit=000",
      `/v1/contests/${fx.ids.oddsContest}/odds/history?limit=0`,
      `/v1/analysis/stat-board?competition=${fx.ids.league}&limit=0`,
    ])
      expectError(await get(path), 400, "INVALID_PARAMETER", `Invalid parameter 'limit': ${LIMIT_ZERO}`);
    expectError(await get("/v1/persons?limit=-1"), 400, "INVALID_PARAMETER", /'limit'/);
    expect(
      (await get(`/v1/contests/${fx.ids.oddsContest}/odds/history?limit=99999999999999999999`)).status,
    ).toBe(200);
  });

  test("offset: any value >= 0, any number of digits; past the end is an empty page", async () => {
    const seven = await get("/v1/persons?limit=3&offset=7");
    expect((await get("/v1/persons?limit=3&offset=0007")).body.data.items).toEqual(seven.body.data.items);
    for (const offset of ["99999999999999999999999999", "9007199254740993"]) {
      const r = await get(`/v1/persons?offset=${offset}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.items).toEqual([]);
      expect(r.body.data.total).toBe(seven.body.data.total);
    }
    expectError(await get("/v1/persons?offset=-1"), 400, "INVALID_PARAMETER", /'offset'/);
  });

  test("gzip, br and identity bodies decode to the same JSON; Vary: Accept-Encoding", async () => {
    const path = "/v1/persons?limit=200&offset=1";
    const auth = { "X-API-Key": key };
    const plain = await raw(apps[mode].baseUrl, path, { ...auth, "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const gz = await raw(apps[mode].baseUrl, path, { ...auth, "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const br = await raw(apps[mode].baseUrl, path, { ...auth, "Accept-Encoding": "gzip, deflate, br" });
    // next start compresses with gzip itself (lib/api/adapters/next.ts); the lean server sends br.
    expect(br.headers["content-encoding"]).toBe(mode === "lean" ? "br" : "gzip");
    for (const r of [plain, gz, br]) {
      expect(r.status).toBe(200);
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    }
    const data = (b: Buffer) => JSON.parse(b.toString()).data;
    const decode = (r: typeof gz) =>
      r.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(r.body) : zlib.gunzipSync(r.body);
    expect(data(decode(gz))).toEqual(data(plain.body));
    expect(data(decode(br))).toEqual(data(plain.body));
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    if (mode === "next") return;
    // The request id is per request even though the compressed data is stored once.
    const again = await raw(apps[mode].baseUrl, path, { ...auth, "Accept-Encoding": "br" });
    const meta = (b: Buffer) => JSON.parse(zlib.brotliDecompressSync(b).toString()).meta;
    expect(meta(again.body).request_id).toBe(again.headers["x-request-id"]);
    expect(meta(again.body).cache).toBe("HIT");
    // A small body is not worth compressing.
    const small = await raw(apps[mode].baseUrl, "/v1/persons?limit=1", {
      ...auth,
      "Accept-Encoding": "gzip",
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    // The public document is compressed too, every time (a body with no per-request tail).
    for (const encoding of ["br", "gzip", "br", "gzip"]) {
      const doc = await raw(apps[mode].baseUrl, "/v1/openapi.json", { "Accept-Encoding": encoding });
      expect(JSON.parse(decode(doc).toString()).openapi).toBe("3.1.0");
    }
  });

  test("ETag on every 200, If-None-Match -> 304 at 0 units, Cache-Control from the route TTL", async () => {
    const metered = meteredKeys[mode];
    const path = `/v1/persons/${fx.ids.mbappe}`;
    const first = await call(apps[mode].baseUrl, path, { key: metered });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, max-age=30");
    const used = Number(first.headers.get("x-units-used"));
    const remaining = Number(first.headers.get("x-ratelimit-remaining"));
    const notModified = await call(apps[mode].baseUrl, path, {
      key: metered,
      headers: { "If-None-Match": `W/"other", ${etag}` },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("x-request-id")).toMatch(/^req_/);
    expect(notModified.headers.get("x-units-cost")).toBe("0");
    expect(Number(notModified.headers.get("x-units-used"))).toBe(used);
    // Still a request: it took a token from the rate-limit bucket.
    expect(Number(notModified.headers.get("x-ratelimit-remaining"))).toBeLessThan(remaining);
    const changed = await call(apps[mode].baseUrl, path, {
      key: metered,
      headers: { "If-None-Match": '"nope"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe(etag);
    const doc = await call(apps[mode].baseUrl, "/v1/openapi.json");
    expect(doc.headers.get("etag")).toMatch(/^"/);
  });
});

describe("CORS, challenges and non-page answers", () => {
  let cors: RunningApp;
  const ORIGIN = "https://app.example";
  beforeAll(async () => {
    cors = await startApp({ databaseUrl: fx.url, mode: "lean", env: { CORS_ORIGINS: ORIGIN } });
  });
  afterAll(async () => {
    await cors?.stop();
  });

  test("a preflight from a listed origin is answered before authentication", async () => {
    const r = await call(cors.baseUrl, "/v1/persons", {
      method: "OPTIONS",
      headers: {
        Origin: ORIGIN,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-api-key",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(r.headers.get("access-control-allow-headers")).toMatch(/X-API-Key.*Authorization/);
    const ok = await call(cors.baseUrl, "/v1/persons?limit=1", { key, headers: { Origin: ORIGIN } });
    expect(ok.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(ok.headers.get("access-control-expose-headers")).toMatch(
      /X-Request-Id.*X-RateLimit-Limit.*RateLimit/,
    );
    expect(ok.headers.get("vary")).toMatch(/Origin/);
    // Another origin, or CORS off (the default servers): no CORS headers, preflight refused (403).
    const other = await call(cors.baseUrl, "/v1/persons", {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" },
    });
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const off = await call(apps.lean.baseUrl, "/v1/persons", {
      method: "OPTIONS",
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET" },
    });
    expect(off.headers.get("access-control-allow-origin")).toBeNull();
  });

  test.each(MODES)("%s: 401 carries WWW-Authenticate", async (mode) => {
    const r = await call(apps[mode].baseUrl, "/v1/persons");
    expectError(r, 401, "UNAUTHORIZED", "API key required");
    expect(r.headers.get("www-authenticate")).toBe('Bearer realm="statline"');
    // Where keys are made, without changing the spec's body.
    expect(r.headers.get("link")).toBe('</dashboard/keys>; rel="help"; title="Create an API key"');
  });

  test("request target * is a JSON 400; /V1, /v2 and unknown /api/* are JSON 404s", async () => {
    const star = await new Promise<{ status: number; body: string; id: string | undefined }>(
      (resolve, reject) => {
        const url = new URL(apps.lean.baseUrl);
        http
          .request({ host: url.hostname, port: url.port, method: "OPTIONS", path: "*" }, (res) => {
            let body = "";
            res.on("data", (d) => (body += d));
            res.on("end", () =>
              resolve({
                status: res.statusCode!,
                body,
                id: res.headers["x-request-id"] as string | undefined,
              }),
            );
          })
          .on("error", reject)
          .end();
      },
    );
    expect(star.status).toBe(400);
    expect(JSON.parse(star.body).error.code).toBe("INVALID_REQUEST");
    expect(star.id).toMatch(/^req_/);
    for (const path of ["/V1/persons", "/v2/persons"])
      expectError(await call(apps.lean.baseUrl, path, { key }), 404, "NOT_FOUND", /No endpoint/);
    for (const mode of MODES)
      expectError(await call(apps[mode].baseUrl, "/api/nope"), 404, "NOT_FOUND", "No endpoint at /api/nope");
  });

  test("unknown pages get the branded not-found page; the favicon is served", async () => {
    const r = await call(apps.lean.baseUrl, "/no-such-page");
    expect(r.status).toBe(404);
    expect(r.text).toContain("Page not found");
    expect(r.text).toMatch(/href="\/dashboard"/);
    const icon = await fetch(`${apps.lean.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/icon/);
  });
});
