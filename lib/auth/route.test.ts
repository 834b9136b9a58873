import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, assertOk, type Result } from "../platform/errors";
import { HandoffError } from "../handoff/errors";
import { HashBusyError } from "./password";
import { readBounded, route } from "./route";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/x", {
    method: "POST",
    headers: { "content-type": "application/json", host: "127.0.0.1:3000", ...headers },
    body,
  });
const input = z.object({ email: z.email("Enter a valid email address") });
const read = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

describe("route(): the one wrapper of dashboard, account and handoff routes", () => {
  const echo = route({ auth: "public", input }, async ({ body }) => body.email);

  it("answers the handler's value as {data}, never cacheable", async () => {
    const res = await echo(post('{"email":"a@example.com"}'));
    expect(await read(res)).toEqual({ status: 200, body: { data: "a@example.com" } });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses cross-site posts to public routes (login CSRF) before reading the body", async () => {
    const res = await echo(post("{}", { "sec-fetch-site": "cross-site" }));
    expect(await read(res)).toEqual({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "Cross-site request refused" } },
    });
  });

  it("names the field of invalid input and refuses a body that is not an object", async () => {
    expect(await read(await echo(post('{"email":"nope"}')))).toEqual({
      status: 400,
      body: { error: { code: "INVALID_PARAMETER", message: "email: Enter a valid email address" } },
    });
    expect((await read(await echo(post("not json")))).body).toEqual({
      error: { code: "INVALID_PARAMETER", message: "Body must be a JSON object" },
    });
  });

  it("maps a busy signal to 503 with Retry-After and anything unexpected to a bare 500", async () => {
    const busy = route({ auth: "public" }, async () => {
      throw new HashBusyError();
    });
    const res = await busy(post("{}"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    const broken = route({ auth: "public", name: "test" }, async () => {
      throw new Error("secret detail");
    });
    const body = JSON.stringify(await (await broken(post("{}"))).json());
    expect(body).toBe('{"error":{"code":"INTERNAL_ERROR","message":"Something went wrong"}}');
  });

  it("speaks a protocol's own codes (handoff): invalid input is invalid_request, extras kept", async () => {
    const token = route(
      {
        auth: "protocol",
        input: z.object({ device_code: z.string() }),
        body: "form",
        invalid: (m) => new HandoffError("invalid_request", m),
      },
      async () => {
        throw new HandoffError("slow_down", "Poll less often", { interval: 10 });
      },
    );
    const form = (body: string) =>
      new Request("http://127.0.0.1:3000/api/agent/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    expect(await read(await token(form("x=1")))).toEqual({
      status: 400,
      body: {
        error: {
          code: "invalid_request",
          message: "device_code: Invalid input: expected string, received undefined",
        },
      },
    });
    expect(await read(await token(form("device_code=abc")))).toEqual({
      status: 400,
      body: { error: { code: "slow_down", message: "Poll less often", interval: 10 } },
    });
  });

  it("turns a service's failed verdict into its error with assertOk", async () => {
    const verdict = (ok: boolean): Result<number, "CONFLICT"> =>
      ok ? { ok: true, value: 1 } : { ok: false, code: "CONFLICT", message: "Already rolled" };
    const r = verdict(true);
    assertOk(r);
    expect(r.value).toBe(1);
    expect(() => assertOk(verdict(false))).toThrow(ApiError);
    const res = await route({ auth: "public" }, async () => assertOk(verdict(false)))(post("{}"));
    expect(await read(res)).toEqual({
      status: 409,
      body: { error: { code: "CONFLICT", message: "Already rolled" } },
    });
  });

  it("refuses a body over the limit, declared or streamed", async () => {
    const declared = new Request("http://x/", {
      method: "POST",
      body: "x".repeat(10),
      headers: { "content-length": "10" },
    });
    await expect(readBounded(declared, 5, "too large")).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new Uint8Array(4));
        c.close();
      },
    });
    const chunked = new Request("http://x/", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await expect(readBounded(chunked, 10, "too large")).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const ok = new Request("http://x/", { method: "POST", body: "hello" });
    expect((await readBounded(ok, 10, "too large")).toString()).toBe("hello");
  });
});
