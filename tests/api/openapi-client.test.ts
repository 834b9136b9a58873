import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, expect, test } from "vitest";
import { call } from "../support/api";
import { ROOT, startApp, type RunningApp } from "../support/app";
import { createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

// What a third-party client does: generate types from the served document (openapi-typescript),
// call through openapi-fetch with plain numbers for limit, and follow odds cursors, with no casts.

const run = promisify(execFile);
const DIR = path.join(ROOT, ".lint", "client");

const PROGRAM = `import createClient from "openapi-fetch";
import type { paths } from "./schema";

const client = createClient<paths>({
  baseUrl: process.env.BASE_URL ?? "",
  headers: { "X-API-Key": process.env.STATLINE_API_KEY ?? "" },
});

let offset = 0;
let persons = 0;
for (;;) {
  const { data, error } = await client.GET("/v1/persons", { params: { query: { limit: 200, offset } } });
  if (!data) throw new Error(\`persons: \${error?.error.code}\`);
  persons += data.data.items.length;
  if (offset + data.data.items.length >= data.data.total) break;
  offset += 200;
}

let cursor: string | undefined;
let points = 0;
let pages = 0;
const id = process.env.CONTEST_ID ?? "";
for (;;) {
  const { data, error } = await client.GET("/v1/contests/{id}/odds/history", {
    params: { path: { id }, query: { limit: 40, cursor } },
  });
  if (!data) throw new Error(\`odds: \${error?.error.code}\`);
  points += data.data.items.length;
  pages += 1;
  cursor = data.data.next_cursor ?? undefined;
  if (!cursor) break;
}
console.log(JSON.stringify({ persons, points, pages }));
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [path.join(ROOT, "node_modules", "@types")],
  },
  files: ["program.ts", "schema.ts"],
};

let fx: Fixture;
let app: RunningApp;
let key: string;

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "client@example.com");
  app = await startApp({ databaseUrl: fx.url, mode: "lean" });
});
afterAll(async () => {
  await app?.stop();
  await fx?.db.$disconnect();
});

test("a client generated from the served document type-checks and pages persons and odds", async () => {
  const doc = (await call(app.baseUrl, "/v1/openapi.json")).body as OpenAPI3;
  mkdirSync(DIR, { recursive: true });
  writeFileSync(path.join(DIR, "schema.ts"), astToString(await openapiTS(doc)));
  writeFileSync(path.join(DIR, "program.ts"), PROGRAM);
  writeFileSync(path.join(DIR, "tsconfig.json"), JSON.stringify(TSCONFIG));
  // An ES module, for top-level await.
  writeFileSync(path.join(DIR, "package.json"), JSON.stringify({ type: "module", private: true }));
  expect(PROGRAM).not.toMatch(/\bas\b|<any>|: any/);
  const tsc = await run(path.join(ROOT, "node_modules", ".bin", "tsc"), ["-p", DIR]).catch(
    (e: { stdout: string }) => e,
  );
  expect(tsc.stdout).toBe("");

  const out = await run(process.execPath, ["--import", "tsx", path.join(DIR, "program.ts")], {
    cwd: DIR,
    env: {
      ...process.env,
      BASE_URL: app.baseUrl,
      STATLINE_API_KEY: key,
      CONTEST_ID: String(fx.ids.oddsContest),
    },
  });
  const result = JSON.parse(out.stdout) as { persons: number; points: number; pages: number };
  const persons = await fx.db.person.count();
  const points = await fx.db.oddsPoint.count({ where: { contestId: fx.ids.oddsContest } });
  expect(result).toEqual({ persons, points, pages: Math.ceil(points / 40) || 1 });
}, 180_000);
