import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
// The CLI's plain-JS copy of the algorithm: both must give the same checksum for every input.
import { checkKey, checksumOf as cliChecksumOf } from "../../bin/cli/keycheck.mjs";
import { checksumOf, hasValidChecksum, SCANNER_PATTERN, toBase62 } from "./checksum";
import { generateKey, KEY_PATTERN } from "./format";

// Known vectors, computed independently with Python's zlib.crc32 and the base62 digits 0-9A-Za-z.
const VECTORS = [
  ["sk_test_abcdefghijklmnopqrstuvwxyz", 1250853846, "1MeSE2"],
  ["sk_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ", 3546899912, "3s2Qh6"],
  ["sk_live_00000000000000000000000000", 2935102504, "3CdOEy"],
  ["sk_test_zzzzzzzzzzzzzzzzzzzzzzzzzz", 3578052052, "3u98my"],
] as const;

describe("key checksum", () => {
  it("is CRC-32 of sk_{env}_ + 26 characters as 6 base62 digits (known vectors)", () => {
    for (const [head, crc, sum] of VECTORS) {
      expect(toBase62(crc, 6)).toBe(sum);
      expect(checksumOf(head)).toBe(sum);
      expect(cliChecksumOf(head)).toBe(sum);
      expect(hasValidChecksum(head + sum)).toBe(true);
      expect(head + sum).toMatch(KEY_PATTERN);
    }
    expect(toBase62(0, 6)).toBe("000000");
    expect(toBase62(2 ** 32 - 1, 6)).toBe("4gfFC3");
  });

  it("new keys keep the spec's form and carry a valid checksum", () => {
    for (let i = 0; i < 200; i++) {
      const { key } = generateKey(i % 2 ? "live" : "test");
      expect(key).toMatch(KEY_PATTERN);
      expect(hasValidChecksum(key)).toBe(true);
      expect(checkKey(key).ok).toBe(true);
      expect(cliChecksumOf(key.slice(0, 34))).toBe(key.slice(34));
    }
  });

  it("rejects one changed character, a legacy key and malformed text", () => {
    const key = "sk_test_abcdefghijklmnopqrstuvwxyz1MeSE2";
    for (const i of [8, 20, 33, 34, 39]) {
      const c = key[i] === "a" ? "b" : "a";
      const changed = key.slice(0, i) + c + key.slice(i + 1);
      expect(hasValidChecksum(changed)).toBe(false);
      expect(checkKey(changed).ok).toBe(false);
    }
    const legacy = "sk_live_" + "A".repeat(32);
    expect(legacy).toMatch(KEY_PATTERN);
    expect(hasValidChecksum(legacy)).toBe(false);
    for (const bad of ["", "sk_prod_abcdefghijklmnopqrstuvwxyz1MeSE2", key + "x", key.slice(0, 39)])
      expect(hasValidChecksum(bad)).toBe(false);
  });

  it("the scanner pattern finds keys in text and not longer runs", () => {
    const text = `token = "sk_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ3s2Qh6"; other=sk_test_${"a".repeat(40)}`;
    expect(text.match(SCANNER_PATTERN)).toEqual(["sk_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ3s2Qh6"]);
  });
});

describe("statline keys check", () => {
  const run = (args: string[], input?: string) =>
    spawnSync(
      process.execPath,
      [path.resolve(__dirname, "../../bin/statline.mjs"), "keys", "check", ...args],
      {
        input,
        encoding: "utf8",
      },
    );

  it("exits 0 for a valid key and never prints it in full", () => {
    const { key } = generateKey("live");
    const r = run([key]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("valid checksum");
    expect(r.stdout).toContain(key.slice(0, 16));
    expect(r.stdout + r.stderr).not.toContain(key);
  });

  it("exits 1 for a wrong checksum or malformed text, with a message; reads stdin with -", () => {
    const r = run(["sk_test_abcdefghijklmnopqrstuvwxyz1MeSE3"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("no valid checksum");
    expect(r.stderr).not.toContain("1MeSE3");
    const m = run(["not-a-key"]);
    expect(m.status).toBe(1);
    expect(m.stderr).toContain("is not a Statline key");
    const s = run(["-", "--json"], "sk_test_abcdefghijklmnopqrstuvwxyz1MeSE2\n");
    expect(s.status).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ ok: true, environment: "test" });
    expect(run([]).status).toBe(64);
  });
});
