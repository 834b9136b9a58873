import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createClient, type Change } from "@statline/sdk";
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

test("TypeScript SDK: typed change feed, the stream resumed with Last-Event-ID after a drop, replays", async () => {
  const sdk = createClient({ baseUrl: app.baseUrl, apiKey: key, env: {} });
  const feed = sdk.changes({ limit: 7 });
  const all: Change[] = [];
  for await (const change of feed) all.push(change);
  const ids = all.map((c) => Number(c.id));
  expect(ids.length).toBeGreaterThan(14);
  expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
  const team = all.find((c) => c.type === "team.created");
  // Narrowed by its type: data is { id, name, country }.
  if (team?.type === "team.created") expect(team.data.name).toMatch(/^Team \d+$/);
  expect(feed.cursor).toBeTruthy();
  const newer: Change[] = [];
  for await (const c of sdk.changes({ cursor: feed.cursor })) newer.push(c);
  expect(newer).toEqual([]);

  // The first connection ends right after its first change frames (a dropped connection).
  const opens: (string | null)[] = [];
  const dropping = async (request: Request): Promise<Response> => {
    opens.push(request.headers.get("last-event-id"));
    const res = await fetch(request);
    if (opens.length > 1 || !res.body) return res;
    const reader = res.body.getReader();
    let seen = "";
    // Only the bytes up to the end of the first change frame get through.
    const cut = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        seen += new TextDecoder().decode(value);
        const first = /\nid: \d+\n[^]*?\n\n/.exec(seen);
        if (!first) return;
        controller.enqueue(new TextEncoder().encode(seen.slice(0, first.index + first[0].length)));
        await reader.cancel();
        controller.close();
      },
    });
    return new Response(cut, { status: res.status, headers: res.headers });
  };
  const abort = new AbortController();
  const live = createClient({ baseUrl: app.baseUrl, apiKey: key, env: {}, fetch: dropping });
  const got: string[] = [];
  for await (const change of live.stream({ lastEventId: String(ids[0]), signal: abort.signal })) {
    got.push(change.id);
    if (got.length === 6) break;
  }
  abort.abort();
  expect(got).toEqual(ids.slice(1, 7).map(String));
  expect(opens.length).toBe(2);
  expect(opens[0]).toBe(String(ids[0]));
  expect(opens[1]).toBe(got[0]);

  const finished = await fx.db.contest.findFirstOrThrow({
    where: { status: "finished" },
    orderBy: { id: "desc" },
  });
  const replay = await sdk.replays.start(String(finished.id), 60);
  expect(replay).toMatchObject({ contest_id: String(finished.id), speed: 60, status: "running" });
  expect((await sdk.replays.list()).map((r) => r.id)).toContain(replay.id);
  expect((await sdk.replays.cancel(replay.id)).status).toBe("cancelled");
  expect((await sdk.replays.get(replay.id)).status).toBe("cancelled");
  await expect(sdk.replays.get("rpl_0000000000000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
}, 120_000);
