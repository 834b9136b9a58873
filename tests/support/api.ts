import { expect } from "vitest";
import { matchRoute } from "../../lib/api/router";

export type Mode = "lean" | "next";
export const MODES: Mode[] = ["lean", "next"];

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  // Parsed JSON bodies are checked field by field in the tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One real HTTP request; the body is parsed when it is JSON. */
export async function call(
  baseUrl: string,
  path: string,
  init: { key?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers["X-API-Key"] = init.key;
  const method = init.method ?? "GET";
  const send = () => fetch(baseUrl + path, { method, headers });
  // A kept-alive socket the server closed as it was being reused (undici: "other side closed")
  // says nothing about the API: an idempotent GET is sent again once, on a new connection.
  const res = await send().catch((err: unknown) => {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (method === "GET" && code === "UND_ERR_SOCKET") return send();
    throw err;
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** 200 with the envelope; data also matches the route's documented zod schema exactly (no extra fields). */
export function expectOk(r: ApiResult, path: string) {
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get("x-request-id")).toBe(r.body.meta.request_id);
  expect(r.body.meta.version).toBe("v1");
  expect(["HIT", "MISS"]).toContain(r.body.meta.cache);
  const route = matchRoute(path.split("?")[0])!.route;
  expect(route.response.parse(r.body.data)).toEqual(r.body.data);
  return r.body.data;
}

/** The error shape, with X-Request-Id, exactly {error:{code,message}}. */
export function expectError(r: ApiResult, status: number, code: string, message?: string | RegExp) {
  expect(r.status, r.text).toBe(status);
  expect(Object.keys(r.body)).toEqual(["error"]);
  expect(Object.keys(r.body.error).sort()).toEqual(["code", "message"]);
  expect(r.body.error.code).toBe(code);
  if (typeof message === "string") expect(r.body.error.message).toBe(message);
  else if (message) expect(r.body.error.message).toMatch(message);
  expect(r.headers.get("x-request-id")).toMatch(/^req_/);
  expect(r.text).not.toMatch(/at .*\.ts:\d+|stack/i);
}
