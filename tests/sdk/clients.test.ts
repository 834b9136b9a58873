import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PYTHON_GENERATED } from "../../scripts/sdk-generate";
import { renderPythonGenerated } from "../../scripts/sdk-python";
import { recordChanges } from "../../lib/events/changes";
import { sdkVersion, wheelName } from "../../lib/sdk/wheel";
import { call } from "../support/api";
import { ROOT, startApp, type RunningApp } from "../support/app";
import { createKey, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

// Clients beyond TypeScript, against one live server: the Python wheel the instance serves,
// installed into a fresh virtual environment with no package index, runs the TypeScript SDK's
// contract cases (tests/sdk/python/contract.py); the served Postman and Bruno collections run
// every request with newman and `bru run`, all green. Free-plan keys get a burst of 2, so the
// Python 429 case is quick.
const run = promisify(execFile);
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
let fx: Fixture;
let app: RunningApp;
let key: string;
let tmp: string;
/** Values of the collections' variables: ids that exist in the fixture. */
let vars: Record<string, string>;

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "clients@example.com");
  app = await startApp({
    databaseUrl: fx.url,
    mode: "lean",
    env: { STATLINE_PLANS: JSON.stringify({ free: { ratePerMinute: 60, burst: 2 } }) },
  });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "statline-clients-"));
  const teams = await fx.db.team.findMany({ take: 2, orderBy: { id: "asc" } });
  vars = {
    apiKey: key,
    competition_id: String(fx.ids.league),
    edition_id: String(fx.ids.leagueCurrent),
    contest_id: String(fx.ids.oddsContest),
    person_id: String(fx.ids.mbappe),
    team_id: String(teams[0].id),
    opponent: String(teams[1].id),
  };
}, 300_000);
afterAll(async () => {
  await app?.stop();
  await fx?.db.$disconnect();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function download(file: string): Promise<string> {
  const res = await fetch(`${app.baseUrl}${file}`);
  expect(res.status, file).toBe(200);
  const to = path.join(tmp, path.basename(file));
  fs.writeFileSync(to, Buffer.from(await res.arrayBuffer()));
  return to;
}

test("the Python SDK's generated module matches the served document (run `npm run sdk:generate`)", async () => {
  const doc = (await call(app.baseUrl, "/v1/openapi.json")).body as Record<string, unknown>;
  expect(fs.readFileSync(PYTHON_GENERATED, "utf8")).toBe(renderPythonGenerated(doc, sdkVersion()));
});

test("a fresh venv installs the served wheel with no index and passes the SDK contract cases", async () => {
  const wheel = `${app.baseUrl}/sdk/python/${wheelName(sdkVersion())}`;
  expect((await fetch(`${app.baseUrl}/sdk/python/statline-9.9.9-py3-none-any.whl`)).status).toBe(404);
  const venv = path.join(tmp, "venv");
  await run("python3", ["-m", "venv", venv]);
  const py = path.join(venv, "bin", "python");
  await run(py, [
    "-m",
    "pip",
    "install",
    "--no-index",
    "--no-cache-dir",
    "--disable-pip-version-check",
    wheel,
  ]);
  // 80 changes in the feed, so its cursor loop runs over several pages.
  await fx.db.$transaction((tx) =>
    recordChanges(
      tx,
      Array.from({ length: 80 }, (_, i) => ({
        type: "team.created" as const,
        resourceId: i + 1,
        competitionId: null,
        contestId: null,
        data: { id: String(i + 1), name: `Team ${i + 1}`, country: null },
      })),
    ),
  );
  const changes = await fx.db.change.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  const odds = await fx.db.oddsPoint.count({ where: { contestId: fx.ids.oddsContest } });
  const persons = await fx.db.person.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  const finished = await fx.db.contest.findFirstOrThrow({
    where: { status: "finished" },
    orderBy: { id: "asc" },
  });
  const out = await run(py, [path.join(ROOT, "tests", "sdk", "python", "contract.py")], {
    cwd: tmp, // the installed wheel, not the checkout's sdk/python
    env: {
      ...process.env,
      STATLINE_BASE_URL: app.baseUrl,
      KEY: key,
      FREE_KEY: createKey(fx.url, "clients-free@example.com"),
      EXPECTED_PERSONS: JSON.stringify(persons.map((p) => String(p.id))),
      EXPECTED_CHANGES: JSON.stringify(changes.map((c) => Number(c.id))),
      ODDS_CONTEST: String(fx.ids.oddsContest),
      ODDS_POINTS: String(odds),
      FINISHED_CONTEST: String(finished.id),
    },
  }).catch((e: { stdout: string; stderr: string }) => e);
  expect(out.stderr, out.stderr).toMatch(/\nOK\n?$/);
  expect(out.stderr).toContain("Ran 12 tests");
}, 300_000);

test("newman runs every request of the served Postman collection, all green", async () => {
  const collection = await download("/sdk/collections/statline.postman_collection.json");
  const environment = await download("/sdk/collections/statline.postman_environment.json");
  const env = JSON.parse(fs.readFileSync(environment, "utf8")) as {
    values: { key: string; value: string }[];
  };
  expect(env.values.find((v) => v.key === "baseUrl")?.value).toBe(app.baseUrl);
  const report = path.join(tmp, "newman.json");
  const args = [
    "run",
    collection,
    "-e",
    environment,
    "--reporters",
    "json",
    "--reporter-json-export",
    report,
  ];
  for (const [k, v] of Object.entries(vars)) args.push("--env-var", `${k}=${v}`);
  await run(bin("newman"), args, { cwd: tmp, maxBuffer: 64 << 20 }).catch(() => null);
  const { run: result } = JSON.parse(fs.readFileSync(report, "utf8")) as {
    run: {
      stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
      failures: { error: { message: string }; source?: { name?: string } }[];
    };
  };
  const items = (JSON.parse(fs.readFileSync(collection, "utf8")) as { item: { item: unknown[] }[] }).item;
  expect(result.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
  expect(result.stats.requests.total).toBe(items.reduce((n, f) => n + f.item.length, 0));
  expect(result.stats.assertions.total).toBeGreaterThanOrEqual(result.stats.requests.total);
}, 300_000);

test("bru runs every request of the served Bruno collection, all green", async () => {
  const archive = await download("/sdk/collections/statline-bruno.zip");
  await run("python3", ["-m", "zipfile", "-e", archive, tmp]);
  const dir = path.join(tmp, "Statline");
  const requests = fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".bru"));
  const report = path.join(tmp, "bru.json");
  const args = ["run", "-r", "--env", "Statline", "--reporter-json", report];
  for (const [k, v] of Object.entries(vars)) args.push("--env-var", `${k}=${v}`);
  await run(bin("bru"), args, { cwd: dir, maxBuffer: 64 << 20 }).catch(() => null);
  const [summary] = JSON.parse(fs.readFileSync(report, "utf8")) as {
    summary: { totalRequests: number; failedRequests: number; totalTests: number; failedTests: number };
    results: {
      test: { filename: string };
      testResults: { status: string; description: string; error?: string }[];
    }[];
  }[];
  const failed = (summary as unknown as { results: typeof summary.results }).results.flatMap((r) =>
    r.testResults
      .filter((t) => t.status !== "pass")
      .map((t) => `${r.test.filename}: ${t.description} ${t.error}`),
  );
  expect(failed).toEqual([]);
  // One environment file; every other .bru is a request.
  expect(summary.summary.totalRequests).toBe(requests.length - 1);
  expect(summary.summary.failedRequests).toBe(0);
  expect(summary.summary.totalTests).toBeGreaterThanOrEqual(summary.summary.totalRequests);
}, 300_000);
