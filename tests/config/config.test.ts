import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertEnv, checkEnv, ConfigError, VARS } from "../../lib/platform/config";
import { renderConfigDoc } from "../../lib/platform/config/docs";
import { ROOT } from "../support/app";

/** Where process.env may still be read: the configuration module, entry points, tests and the bench. */
const ALLOWED = [
  /^lib\/platform\/config\//,
  /^scripts\//,
  /^bench\//,
  /^bin\//,
  /^tests\//,
  /^e2e\//,
  /\.test\.ts$/,
  /^lib\/generated\//,
  /^sdk\//,
  /^(next|playwright|vitest)\.config\./,
  /^vitest\.reliability\.config\.ts$/,
];
/** Variables the platform sets (Node, npm, Next.js, PostgreSQL's client), not the operator. */
const PLATFORM = new Set([
  "NODE_ENV",
  "NEXT_PHASE",
  "PATH",
  "TMPDIR",
  "CI",
  "PGHOST",
  "PGPORT",
  "PGUSER",
  "PRISMA_SCHEMA_ENGINE_BINARY",
]);

function sources(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) {
      if (!["node_modules", "generated", ".next"].includes(e.name)) sources(rel, out);
    } else if (/\.(ts|tsx|mjs)$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe("configuration module", () => {
  it("docs/configuration.md is generated from the declarations (npm run docs:config)", async () => {
    const file = path.join(ROOT, "docs", "configuration.md");
    const doc = fs.readFileSync(file, "utf8");
    expect(await renderConfigDoc(doc, file)).toBe(doc);
    for (const name of Object.keys(VARS)) expect(doc).toContain(`\`${name}\``);
  });

  it("no process.env read outside the configuration module and entry points", () => {
    const offenders = [
      ...sources("lib"),
      ...sources("app"),
      ...sources("components"),
      "server.ts",
      "proxy.ts",
    ]
      .filter((f) => !ALLOWED.some((re) => re.test(f)))
      .filter((f) => /process\.env/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("every variable the code names is declared", () => {
    const files = ["lib", "app", "components", "scripts", "bin"].flatMap((d) => sources(d));
    const named = new Set<string>();
    for (const f of [...files, "server.ts", "proxy.ts"]) {
      const text = fs.readFileSync(path.join(ROOT, f), "utf8");
      for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) named.add(m[1]);
    }
    const undeclared = [...named].filter((n) => !(n in VARS) && !PLATFORM.has(n) && !n.startsWith("NEXT_"));
    expect(undeclared).toEqual([]);
  });

  it("a malformed variable is refused with its name; unset and empty take the default", () => {
    expect(checkEnv({ WEBHOOK_POLL_MS: "fast" })).toEqual([
      'WEBHOOK_POLL_MS must be an integer (got "fast")',
    ]);
    expect(checkEnv({ WEBHOOK_POLL_MS: "5" })).toEqual(['WEBHOOK_POLL_MS must be at least 20 (got "5")']);
    expect(checkEnv({ LOG_REQUESTS: "some" })[0]).toMatch(/^LOG_REQUESTS must be one of off, errors, all/);
    expect(checkEnv({ WEBHOOKS: "maybe" })[0]).toMatch(/^WEBHOOKS must be one of 1\/0/);
    expect(checkEnv({ REDIS_URL: "not a url" })[0]).toMatch(/^REDIS_URL must be a URL/);
    expect(checkEnv({ WEBHOOK_POLL_MS: "", PORT: "8080", WEBHOOKS: "off" })).toEqual([]);
    expect(() => assertEnv({ PORT: "x" })).toThrow(ConfigError);
  });

  it("the server refuses to start on a malformed variable, naming it", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", WEBHOOK_TIMEOUT_MS: "10 seconds" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('WEBHOOK_TIMEOUT_MS must be an integer (got "10 seconds")');
  });
});
