import { describe, expect, it } from "vitest";
import {
  capUtf8,
  MAX_BODY_BYTES,
  MAX_HEADERS,
  parseStoredHeaders,
  storedBody,
  storedHeaders,
  storedMessage,
} from "./response";

const KEY = `sk_live_AbCdEfGh${"x".repeat(24)}`;

describe("an error row's stored response", () => {
  it("cuts the body to 4 KB of UTF-8 without splitting a character", () => {
    const body = "é".repeat(5000); // 2 bytes each
    const stored = storedBody(body);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(stored.endsWith("…")).toBe(true);
    expect(stored).not.toContain("\uFFFD");
    expect(storedBody('{"error":{"code":"NOT_FOUND","message":"x"}}')).toBe(
      '{"error":{"code":"NOT_FOUND","message":"x"}}',
    );
    expect(capUtf8("abc", 3)).toBe("abc");
  });

  it("never keeps a full key, plain or percent-encoded, in the body, the message or a header", () => {
    const encoded = KEY.replace(/_/g, "%5F");
    const body = JSON.stringify({ error: { code: "NOT_FOUND", message: `No endpoint at /v1/${encoded}` } });
    expect(storedBody(body)).not.toContain(KEY.slice(16));
    expect(storedBody(body)).toContain("sk_live_AbCdEfGh…");
    expect(storedMessage(`Team ${KEY} not found`)).toBe("Team sk_live_AbCdEfGh… not found");
    expect(storedMessage(null)).toBeNull();
    const headers = storedHeaders({ Link: `</v1/${KEY}>; rel=help`, "X-Request-Id": "req_1" });
    expect(headers).not.toContain(KEY.slice(16));
    expect(parseStoredHeaders(headers)).toEqual([
      ["Link", "</v1/sk_live_AbCdEfGh…>; rel=help"],
      ["X-Request-Id", "req_1"],
    ]);
  });

  it("bounds the headers kept (count and value length) and reads a damaged column as none", () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`X-H${i}`, "v".repeat(2000)]));
    const parsed = parseStoredHeaders(storedHeaders(many));
    expect(parsed).toHaveLength(MAX_HEADERS);
    for (const [, v] of parsed) expect(Buffer.byteLength(v)).toBeLessThanOrEqual(512);
    expect(parseStoredHeaders("{not json")).toEqual([]);
    expect(parseStoredHeaders("[1,2]")).toEqual([]);
    expect(parseStoredHeaders('{"a":1,"b":"ok"}')).toEqual([["b", "ok"]]);
    expect(parseStoredHeaders(null)).toEqual([]);
  });
});
