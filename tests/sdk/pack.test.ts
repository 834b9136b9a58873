import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call } from "../support/api";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { ensureTemplateDb } from "../support/template";

// `npm pack` the SDK, install the tarball into an empty folder (its dependency, openapi-fetch, comes
// from the npm registry or npm's cache) and run the README's example there against a real server.
const SDK = path.join(ROOT, "sdk");
let app: RunningApp;
let dbUrl: string;
let key: string;
let project: string;
let packed: { files: { path: string }[]; filename: string };

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });

beforeAll(async () => {
  dbUrl = copyTemplateDb(ensureTemplateDb());
  key = createUnlimitedKey(dbUrl, "pack@example.com");
  app = await startApp({ databaseUrl: dbUrl });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "statline-pack-"));
  // prepack builds dist/ with tsc, so a fresh clone needs no manual step.
  packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", out], SDK))[0];
  project = fs.mkdtempSync(path.join(os.tmpdir(), "statline-sdk-user-"));
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "sdk-user", private: true, type: "module" }),
  );
  run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(out, packed.filename)],
    project,
  );
}, 300_000);
afterAll(() => app?.stop());

test("the tarball holds the built package and nothing else", () => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of [
    "package.json",
    "README.md",
    "dist/index.js",
    "dist/index.d.ts",
    "dist/generated/schema.d.ts",
  ])
    expect(files).toContain(f);
  expect(files.filter((f) => !f.startsWith("dist/") && f !== "package.json" && f !== "README.md")).toEqual(
    [],
  );
  const pkg = JSON.parse(
    fs.readFileSync(path.join(project, "node_modules/@statline/sdk/package.json"), "utf8"),
  );
  expect(Object.keys(pkg.dependencies)).toEqual(["openapi-fetch"]);
});

test("the README example runs from the installed package and prints what /v1 returns", async () => {
  fs.copyFileSync(path.join(SDK, "examples/quickstart.ts"), path.join(project, "quickstart.ts"));
  const tsx = path.join(ROOT, "node_modules/tsx/dist/esm/index.mjs");
  const env = { STATLINE_API_KEY: key, STATLINE_BASE_URL: app.baseUrl, STATLINE_CONFIG_DIR: project };
  const stdout = run(process.execPath, ["--import", tsx, "quickstart.ts"], project, env);
  const persons = (await call(app.baseUrl, "/v1/persons?q=mbappe", { key })).body.data;
  const teams: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = (await call(app.baseUrl, `/v1/teams?limit=200&offset=${offset}`, { key })).body.data;
    teams.push(...page.items.map((t: { id: string; name: string }) => `${t.id} ${t.name}`));
    if (offset + page.items.length >= page.total) break;
  }
  expect(stdout.split("\n").filter(Boolean)).toEqual([
    `${persons.total} persons match "mbappe"; first: ${persons.items[0]?.name}`,
    ...teams,
  ]);
  expect(teams.length).toBeGreaterThan(0);

  // An unknown key: the example's error branch prints the typed error with the request id.
  const bad = spawnSync(process.execPath, ["--import", tsx, "quickstart.ts"], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, ...env, STATLINE_API_KEY: `sk_test_${"x".repeat(32)}` },
  });
  expect(bad.status).toBe(0);
  expect(bad.stdout).toBe("");
  expect(bad.stderr).toMatch(/^UNAUTHORIZED: Invalid API key \(request req_[\w-]+\)\n$/);
}, 120_000);

test("installs from the instance exactly as sdk/README.md says, with no registry, and its example runs", async () => {
  const readme = fs.readFileSync(path.join(SDK, "README.md"), "utf8");
  const step = /npm install (https:\/\/statline\.example\.com(\/sdk\/statline-sdk\.tgz))/.exec(readme)!;
  expect(step, "README's install-from-the-instance step").not.toBeNull();
  expect(readme.indexOf(step[0])).toBeLessThan(readme.indexOf("```ts")); // the first thing it says to do
  const url = app.baseUrl + step[2];
  // The first request starts the build; one that outlasts 8 s is a 503 with Retry-After (npm retries it).
  let first = await fetch(url);
  for (let i = 0; first.status === 503 && i < 20; i++) {
    expect(first.headers.get("retry-after")).toBe("10");
    expect((await first.json()).error.code).toBe("SERVICE_UNAVAILABLE");
    await new Promise((r) => setTimeout(r, 3000));
    first = await fetch(url);
  }
  expect(first.status).toBe(200);
  expect(first.headers.get("content-type")).toBe("application/gzip");
  const etag = first.headers.get("etag")!;
  expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);

  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "statline-sdk-instance-"));
  fs.writeFileSync(
    path.join(fresh, "package.json"),
    JSON.stringify({ name: "u", private: true, type: "module" }),
  );
  // An unreachable registry and an empty npm cache: everything must come from the instance's tarball.
  const offline = ["--registry", "http://127.0.0.1:9/", "--cache", path.join(fresh, ".npm-cache")];
  run("npm", ["install", "--no-audit", "--no-fund", ...offline, url], fresh);
  const installed = JSON.parse(
    fs.readFileSync(path.join(fresh, "node_modules/@statline/sdk/package.json"), "utf8"),
  );
  expect(installed.name).toBe("@statline/sdk");
  fs.copyFileSync(path.join(SDK, "examples/quickstart.ts"), path.join(fresh, "quickstart.ts"));
  const tsx = path.join(ROOT, "node_modules/tsx/dist/esm/index.mjs");
  const env = { STATLINE_API_KEY: key, STATLINE_BASE_URL: app.baseUrl, STATLINE_CONFIG_DIR: fresh };
  const stdout = run(process.execPath, ["--import", tsx, "quickstart.ts"], fresh, env);
  const persons = (await call(app.baseUrl, "/v1/persons?q=mbappe", { key })).body.data;
  const lines = stdout.split("\n").filter(Boolean);
  expect(lines[0]).toBe(`${persons.total} persons match "mbappe"; first: ${persons.items[0]?.name}`);
  expect(lines.length).toBeGreaterThan(1);
}, 300_000);

test("plain Node ESM imports it, and TypeScript checks the example against the published types", () => {
  const js = `import { createClient, StatlineError } from "@statline/sdk";
const c = createClient({ baseUrl: "${app.baseUrl}", apiKey: "${key}" });
const { data, meta } = await c.get("/v1/competitions");
console.log(typeof StatlineError, data.items.length > 0, meta.version);`;
  expect(run(process.execPath, ["--input-type=module", "-e", js], project).trim()).toBe("function true v1");
  fs.writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2023", "DOM", "DOM.Iterable"],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      files: ["quickstart.ts"],
    }),
  );
  run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], project);
  fs.writeFileSync(
    path.join(project, "wrong.ts"),
    fs.readFileSync(path.join(project, "quickstart.ts"), "utf8").replace("data.total", "data.count"),
  );
  fs.writeFileSync(
    path.join(project, "tsconfig.json"),
    fs.readFileSync(path.join(project, "tsconfig.json"), "utf8").replace("quickstart.ts", "wrong.ts"),
  );
  const wrong = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], {
    cwd: project,
    encoding: "utf8",
  });
  expect(wrong.status).not.toBe(0);
  expect(wrong.stdout).toMatch(/wrong\.ts\(\d+,\d+\): error TS\d+: Property 'count' does not exist/);
}, 180_000);
