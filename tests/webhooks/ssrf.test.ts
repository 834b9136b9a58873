import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForbiddenAddress, urlProblem } from "../../lib/webhooks/ssrf";
import { postWebhook } from "../../lib/webhooks/post";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

/**
 * Without WEBHOOK_ALLOW_PRIVATE the sender refuses private targets at send time, after DNS: a live
 * receiver on loopback proves the refusal happens before any connection.
 */
let receiver: Receiver;
beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_TIMEOUT_MS = "2000";
  receiver = await startReceiver(() => null);
});
afterAll(() => receiver?.stop());

const port = () => new URL(receiver.url()).port;

describe("SSRF guard", () => {
  it.each([
    ["127.0.0.1", "http://127.0.0.1:PORT/hook"],
    ["a hostname resolving to loopback", "http://localhost:PORT/hook"],
    ["::1", "http://[::1]:PORT/hook"],
    ["IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]:PORT/hook"],
    ["10.x", "http://10.1.2.3:PORT/hook"],
    ["169.254.x (cloud metadata)", "http://169.254.169.254/latest/meta-data"],
    ["fc00::/7", "http://[fc00::1]/hook"],
    ["fe80::/10", "http://[fe80::1]/hook"],
    ["192.168.x", "https://192.168.0.10/hook"],
  ])("refuses %s at send time", async (_name, url) => {
    const before = receiver.attempts.length + receiver.invalid();
    const r = await postWebhook(url.replace("PORT", port()), {}, "{}");
    expect(r.statusCode).toBeNull();
    expect(r.error).toMatch(/^refused: /);
    expect(receiver.attempts.length + receiver.invalid()).toBe(before);
  });

  it("the same loopback target is reached when WEBHOOK_ALLOW_PRIVATE=1", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    try {
      const r = await postWebhook(`http://127.0.0.1:${port()}/hook`, {}, "{}");
      expect(r.statusCode).toBe(400); // reached; unsigned, so the receiver's verify refuses it
      expect(receiver.invalid()).toBe(1);
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
    }
  });

  it("classifies addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::",
      "::1",
    ])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ["::ffff:10.0.0.1", "::ffff:7f00:1", "fd12::1", "ff02::1", "64:ff9b::7f00:1"])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isForbiddenAddress(a), a).toBe(false);
  });

  it("validates URLs at creation", () => {
    expect(urlProblem("https://hooks.example.com/statline", 2000)).toBeNull();
    expect(urlProblem("ftp://example.com/x", 2000)).toMatch(/https:\/\/ or http:\/\//);
    expect(urlProblem("https://user:pw@example.com/x", 2000)).toMatch(/credentials/);
    expect(urlProblem("not a url", 2000)).toMatch(/valid absolute URL/);
    expect(urlProblem(`https://example.com/${"a".repeat(2000)}`, 2000)).toMatch(/at most 2000/);
    expect(urlProblem("http://127.0.0.1/x", 2000)).toMatch(/private/);
    expect(urlProblem("http://[::1]/x", 2000)).toMatch(/private/);
  });
});
