import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call } from "../support/api";
import { ROOT, startApp, type RunningApp } from "../support/app";
import { buildFixture, type Fixture } from "../support/fixtures";

// CI lint of the three documents the server serves (/v1, /ingest/v1, /sandbox/v1): Spectral
// (spectral:oas + OWASP; .spectral.yaml lists the rules and paths turned off and why) with 0 errors
// and 0 warnings, and Redocly's recommended rules with 0 errors and 0 warnings.

const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
// .spectral.yaml's overrides name these exact paths.
const DOCS = {
  "/v1/openapi.json": ".lint/openapi.json",
  "/ingest/v1/openapi.json": ".lint/ingest-openapi.json",
  "/sandbox/v1/openapi.json": ".lint/sandbox-openapi.json",
};
const files = Object.values(DOCS).map((f) => path.join(ROOT, f));

let fx: Fixture;
let app: RunningApp;

beforeAll(async () => {
  fx = await buildFixture();
  app = await startApp({ databaseUrl: fx.url, mode: "lean" });
  mkdirSync(path.join(ROOT, ".lint"), { recursive: true });
  for (const [url, file] of Object.entries(DOCS)) {
    const r = await call(app.baseUrl, url);
    expect(r.status, url).toBe(200);
    writeFileSync(path.join(ROOT, file), r.text);
  }
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
  source?: string;
}

test("Spectral (spectral:oas + OWASP) reports 0 errors and 0 warnings on all three documents", async () => {
  // Exit code 1 means "problems found"; the JSON is read either way. A missing binary must fail,
  // not read as an empty report.
  expect(existsSync(bin("spectral")), "npm ci installs @stoplight/spectral-cli").toBe(true);
  const out = await run(bin("spectral"), ["lint", ...files, "-f", "json", "-q", "-r", ".spectral.yaml"], {
    cwd: ROOT,
    maxBuffer: 32 << 20,
  }).catch((e: { stdout: string }) => e);
  const results = JSON.parse(out.stdout) as SpectralResult[];
  // Severity 0 is an error, 1 a warning; hints and info are not reported by either ruleset.
  const problems = results
    .filter((r) => r.severity <= 1)
    .map((r) => `${path.basename(r.source ?? "")} ${r.code} ${r.path.join("/")}: ${r.message}`);
  expect(problems).toEqual([]);
}, 120_000);

test("Redocly lint (recommended) reports 0 errors and 0 warnings on all three documents", async () => {
  expect(existsSync(bin("redocly")), "npm ci installs @redocly/cli").toBe(true);
  const reports = await Promise.all(
    files.map(async (file) => {
      const out = await run(bin("redocly"), ["lint", file, "--format", "json"], {
        cwd: ROOT,
        maxBuffer: 32 << 20,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      }).catch((e: { stdout: string }) => e);
      const report = JSON.parse(out.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      return { file: path.basename(file), ...report.totals, problems: report.problems.slice(0, 5) };
    }),
  );
  const found = reports.map((r) => ({
    file: r.file,
    errors: r.errors,
    warnings: r.warnings,
    problems: r.errors + r.warnings ? r.problems : [],
  }));
  expect(found).toEqual(reports.map((r) => ({ file: r.file, errors: 0, warnings: 0, problems: [] })));
}, 120_000);

test("the ingest and sandbox documents declare every status and header they answer", async () => {
  type Op = { operationId?: string; security?: unknown[]; responses: Record<string, { headers?: object }> };
  for (const url of ["/ingest/v1/openapi.json", "/sandbox/v1/openapi.json"]) {
    const doc = (await call(app.baseUrl, url)).body as { paths: Record<string, Record<string, Op>> };
    for (const [p, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        expect(op.operationId, `${method} ${p}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        const statuses = Object.keys(op.responses);
        expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(["405", "500"]));
        if (op.security?.length === 0) continue; // the public document
        expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(["401", "429", "503"]));
        expect(Object.keys(op.responses["429"].headers ?? {})).toContain("Retry-After");
        expect(Object.keys(op.responses["401"].headers ?? {})).toContain("WWW-Authenticate");
        const ok = statuses.find((s) => s.startsWith("2"))!;
        expect(Object.keys(op.responses[ok].headers ?? {})).toEqual(
          expect.arrayContaining(["X-Request-Id", "X-RateLimit-Remaining", "X-Units-Cost"]),
        );
        // A DELETE never creates anything.
        if (method === "delete") expect(statuses.filter((s) => s.startsWith("2"))).toEqual(["200"]);
      }
  }
  const ingest = (await call(app.baseUrl, "/ingest/v1/openapi.json")).body as {
    paths: Record<
      string,
      Record<string, { parameters: { name: string; schema: Record<string, unknown> }[] }>
    >;
  };
  const source = ingest.paths["/ingest/v1/{source}/odds"].post.parameters.find((p) => p.name === "source");
  expect(source?.schema).toMatchObject({ maxLength: 40, pattern: "^[a-z0-9][a-z0-9_.-]{0,39}$" });
});
