import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForbiddenAddress, urlProblem } from "../../lib/webhooks/ssrf";
import { postWebhook } from "../../lib/webhooks/post";
import { newSigningSecret, signatureHeaders } from "../../lib/webhooks/sign";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

/**
 * Without WEBHOOK_ALLOW_PRIVATE the sender refuses private targets at send time, after DNS: a live
 * receiver on loopback proves the refusal happens before any connection.
 */
let receiver: Receiver;
let secret: string | null = null;
beforeAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  process.env.WEBHOOK_TIMEOUT_MS = "2000";
  receiver = await startReceiver(() => secret);
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

  it("delivers to a hostname (localhost) when private targets are allowed, verified by standardwebhooks", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    secret = newSigningSecret();
    try {
      const body = JSON.stringify({ type: "ping", timestamp: new Date().toISOString(), data: { n: 1 } });
      const r = await postWebhook(
        `http://localhost:${port()}/hook`,
        signatureHeaders(secret, "msg_1", body),
        body,
      );
      expect(r.error).toBeNull();
      expect(r.statusCode).toBe(200);
      expect(receiver.received.map((x) => [x.id, x.payload.data])).toEqual([["msg_1", { n: 1 }]]);
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
      secret = null;
    }
  });

  it.each([
    "::7f00:1",
    "::ffff:0:7f00:1",
    "64:ff9b:1::a00:1",
    "2002:7f00:1::1",
    "64:ff9b::c0a8:1",
    "2001:0:4136::1",
  ])("refuses the IPv4-embedding address %s at creation and at send time", async (addr) => {
    expect(isForbiddenAddress(addr)).toBe(true);
    expect(urlProblem(`http://[${addr}]/x`, 2000)).toMatch(/private/);
    const r = await postWebhook(`http://[${addr}]:${port()}/hook`, {}, "{}");
    expect(r.error).toMatch(/^refused: /);
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

  it.each([
    "http://localhost/x",
    "http://localhost./x",
    "http://LOCALHOST:8080/x",
    "http://ip6-localhost/x",
    "http://ip6-loopback/x",
    "http://api.localhost/x",
    "http://127.0.0.1.nip.io/x",
    "http://hook.127.0.0.1.nip.io/x",
    "http://127-0-0-1.sslip.io/x",
    "http://app-10-0-0-1.sslip.io/x",
    "http://7f000001.nip.io/x",
    "http://169.254.169.254.nip.io/latest",
    "http://lvh.me/x",
    "http://printer.local/x",
    "http://db.internal/x",
  ])("refuses the loopback or private host name in %s at creation, like the literals", (url) => {
    expect(urlProblem(url, 2000)).toMatch(/private/);
  });

  it("keeps public names, also ones that spell a public address", () => {
    for (const url of [
      "https://hooks.example.com/x",
      "https://8.8.8.8.nip.io/x",
      "https://localhost-tools.example.com/x",
      "https://mylocalhost.com/x",
      "https://cafebabe.example.com/x",
    ])
      expect(urlProblem(url, 2000), url).toBeNull();
  });
});
