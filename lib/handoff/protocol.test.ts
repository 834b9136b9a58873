import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  formatUserCode,
  generateAuthCode,
  generateUserCode,
  normalizeUserCode,
  USER_CODE_ALPHABET,
} from "./codes";
import { verifierMatches } from "./pkce";
import { takeStartSlot } from "./rate-limit";
import { loopbackRedirectUri } from "./redirect";

describe("PKCE S256", () => {
  it("accepts the RFC 7636 Appendix B example and nothing else", () => {
    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(`${verifier.slice(0, -1)}l`, challenge)).toBe(false);
    // "plain" would compare the verifier itself with the challenge: that must not pass.
    expect(verifierMatches(challenge, challenge)).toBe(false);
    expect(verifierMatches("short", createHash("sha256").update("short").digest("base64url"))).toBe(false);
  });
});

describe("loopback redirect_uri", () => {
  it("keeps only http loopback IP literals with a port at /callback", () => {
    expect(loopbackRedirectUri("http://127.0.0.1:49152/callback")).toBe("http://127.0.0.1:49152/callback");
    expect(loopbackRedirectUri("http://[::1]:1/callback")).toBe("http://[::1]:1/callback");
    for (const bad of [
      "http://localhost:49152/callback",
      "http://127.0.0.1:49152/callback/",
      "http://127.0.0.1:0/callback",
      "http://127.0.0.1:65536/callback",
      "http://127.0.0.1:49152/callback#x",
      "http://127.0.0.1.evil.example:49152/callback",
      "HTTP://127.0.0.1:49152/callback",
      "http://[::1]/callback",
    ]) {
      expect(loopbackRedirectUri(bad), bad).toBeNull();
    }
  });
});

describe("codes", () => {
  it("user codes are 8 characters of the unambiguous alphabet, shown as XXXX-XXXX", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateUserCode();
      expect(code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
      for (const ch of code) seen.add(ch);
    }
    expect(seen.size).toBe(USER_CODE_ALPHABET.length);
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY01]/);
    expect(formatUserCode("BCDFGHJK")).toBe("BCDF-GHJK");
    expect(normalizeUserCode(" bcdf-ghjk ")).toBe("BCDFGHJK");
    expect(normalizeUserCode("BCDF-GHJA")).toBeNull();
  });

  it("authorization codes carry at least 128 bits in terminal-safe characters", () => {
    const code = generateAuthCode();
    expect(code).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
    expect(generateAuthCode()).not.toBe(code);
  });
});

describe("start rate limit", () => {
  it("allows the configured starts per minute per address, then says how long to wait", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 10; i++) expect(takeStartSlot("192.0.2.1", t0 + i)).toBe(0);
    expect(takeStartSlot("192.0.2.1", t0 + 10)).toBe(60);
    expect(takeStartSlot("192.0.2.2", t0 + 10)).toBe(0);
    expect(takeStartSlot("192.0.2.1", t0 + 60_001)).toBe(0);
  });
});
