import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call } from "../support/api";
import { ROOT, startApp, type RunningApp } from "../support/app";
import { buildFixture, type Fixture } from "../support/fixtures";

// CI lint of the document the server serves: Spectral (spectral:oas + OWASP, .spectral.yaml lists the
// disabled rules and why) and Redocly's recommended rules, both with 0 errors.

const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
// .spectral.yaml's overrides name this exact path.
const DOC = path.join(ROOT, ".lint", "openapi.json");

let fx: Fixture;
let app: RunningApp;

beforeAll(async () => {
  fx = await buildFixture();
  app = await startApp({ databaseUrl: fx.url, mode: "lean" });
  const r = await call(app.baseUrl, "/v1/openapi.json");
  expect(r.status).toBe(200);
  mkdirSync(path.dirname(DOC), { recursive: true });
  writeFileSync(DOC, r.text);
});
afterAll(async () => {
  await app?.stop();
  await fx?.db.$disconnect();
});

interface SpectralResult {
  code: string;
  severity: number;
  path: string[];
  message: string;
}

test("Spectral (spectral:oas + OWASP) reports 0 errors", async () => {
  // Exit code 1 means "errors found"; the JSON is read either way. A missing binary must fail,
  // not read as an empty report.
  expect(existsSync(bin("spectral")), "npm ci installs @stoplight/spectral-cli").toBe(true);
  const out = await run(bin("spectral"), ["lint", DOC, "-f", "json", "-q", "-r", ".spectral.yaml"], {
    cwd: ROOT,
    maxBuffer: 32 << 20,
  }).catch((e: { stdout: string }) => e);
  const results = JSON.parse(out.stdout) as SpectralResult[];
  const errors = results
    .filter((r) => r.severity === 0)
    .map((r) => `${r.code} ${r.path.join("/")}: ${r.message}`);
  expect(errors).toEqual([]);
}, 120_000);

test("Redocly lint (recommended) reports 0 errors", async () => {
  expect(existsSync(bin("redocly")), "npm ci installs @redocly/cli").toBe(true);
  const out = await run(bin("redocly"), ["lint", DOC, "--format", "json"], {
    cwd: ROOT,
    maxBuffer: 32 << 20,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).catch((e: { stdout: string }) => e);
  const report = JSON.parse(out.stdout) as { totals: { errors: number }; problems: { message: string }[] };
  expect(report.totals.errors, JSON.stringify(report.problems.slice(0, 5))).toBe(0);
}, 120_000);
