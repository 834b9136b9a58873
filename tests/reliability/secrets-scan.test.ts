import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../support/app";
import { dumpSqlite, findSecrets } from "./support/secrets";

/**
 * After the e2e run (npm test runs it before this suite): its server log and its database must
 * hold no full key, password or verifier. The other reliability files scan their own instances'
 * logs and PostgreSQL databases; their logs are kept in data/test/reliability-logs/ and are
 * scanned again here when present.
 */
const TEST_DIR = path.join(ROOT, "data", "test");

/** Password literals the browser tests type in (they are secrets for this scan). */
function e2ePasswords(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".ts")) {
        const text = fs.readFileSync(file, "utf8");
        for (const m of text.matchAll(
          /(?:password|passphrase|verifier)\w*["']?\s*[:=,]\s*["'`]([^"'`$\n]{8,})["'`]/gi,
        ))
          found.add(m[1]);
      }
    }
  };
  walk(path.join(ROOT, "e2e"));
  return [...found];
}

describe("secrets scan", () => {
  test("the scanner finds planted secrets (so a clean result means something)", () => {
    const key = `sk_live_${"a1B2".repeat(8)}`;
    expect(findSecrets([{ name: "log", text: `{"msg":"x","key":"${key}"}` }], [])).toHaveLength(1);
    expect(findSecrets([{ name: "log", text: `{"password":"hunter2hunter2"}` }], [])).toHaveLength(1);
    expect(findSecrets([{ name: "log", text: `code_verifier=${"v".repeat(43)}` }], [])).toHaveLength(1);
    expect(findSecrets([{ name: "db", text: "row\tmy-S3cret-pass" }], ["my-S3cret-pass"])).toHaveLength(1);
    expect(
      findSecrets([{ name: "log", text: `{"password":"[redacted]","key":"sk_live_a1B2a1B2…"}` }], []),
    ).toEqual([]);
  });

  test("e2e server log, e2e database and kept reliability logs hold no key, password or verifier", () => {
    const sources: { name: string; text: string }[] = [];
    const e2eLog = path.join(TEST_DIR, "e2e-server.log");
    if (fs.existsSync(e2eLog))
      sources.push({ name: "e2e-server.log", text: fs.readFileSync(e2eLog, "utf8") });
    const urlFile = path.join(TEST_DIR, "e2e-db-url");
    const dbFile = fs.existsSync(urlFile)
      ? fs
          .readFileSync(urlFile, "utf8")
          .trim()
          .replace(/^file:/, "")
      : "";
    if (dbFile && fs.existsSync(dbFile)) sources.push({ name: "e2e database", text: dumpSqlite(dbFile) });
    const logDir = path.join(TEST_DIR, "reliability-logs");
    if (fs.existsSync(logDir)) {
      for (const f of fs.readdirSync(logDir))
        sources.push({ name: `reliability-logs/${f}`, text: fs.readFileSync(path.join(logDir, f), "utf8") });
    }
    console.log(
      `[reliability] secrets scan over: ${sources.map((s) => s.name).join(", ") || "(nothing: run the e2e suite first)"}`,
    );
    const passwords = e2ePasswords();
    // The browser tests do sign in with passwords: the scan must know at least one of them.
    expect(passwords.length).toBeGreaterThan(0);
    expect(findSecrets(sources, passwords)).toEqual([]);
  });
});
