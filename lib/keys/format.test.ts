import { describe, expect, it } from "vitest";
import {
  digestsEqual,
  generateKey,
  hashSecret,
  KEY_PATTERN,
  randomBase62,
  secretMatches,
  splitKey,
} from "./format";

describe("API key format", () => {
  it("generates sk_{env}_ + 32 base62 with a 16-character prefix and a hashed secret", () => {
    for (const env of ["live", "test"] as const) {
      const { key, prefix, secretHash } = generateKey(env);
      expect(key).toMatch(KEY_PATTERN);
      expect(key.startsWith(`sk_${env}_`)).toBe(true);
      expect(prefix).toHaveLength(16);
      expect(key.startsWith(prefix)).toBe(true);
      expect(secretHash).toBe(hashSecret(key.slice(16)));
      expect(secretHash).not.toContain(key.slice(16));
    }
  });

  it("draws every base62 character, roughly uniformly", () => {
    const counts = new Map<string, number>();
    for (const ch of randomBase62(62_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(700);
  });

  it("matches only the right secret", () => {
    const { key, secretHash } = generateKey("test");
    const { secret } = splitKey(key);
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(secret.slice(0, -1) + (secret.endsWith("a") ? "b" : "a"), secretHash)).toBe(false);
    expect(digestsEqual("", "")).toBe(false);
    expect(digestsEqual("ab", "abcd")).toBe(false);
  });

  it("rejects keys of the wrong shape", () => {
    for (const bad of [
      "sk_prod_" + "a".repeat(32),
      "sk_test_" + "a".repeat(31),
      "sk_test_" + "a".repeat(31) + "-",
      "pk_test_" + "a".repeat(32),
    ]) {
      expect(KEY_PATTERN.test(bad)).toBe(false);
    }
  });
});
