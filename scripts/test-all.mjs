// `npm test`: the whole suite in one command. Build once, typecheck and lint, then unit + integration
// (vitest), browser (Playwright on Debian's Chromium) and reliability (PostgreSQL + Redis).
// Ends with one "N passed, N failed" line summed over all runners.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const reports = path.resolve("data", "test", "reports");
fs.mkdirSync(reports, { recursive: true });
const vitestJson = (name) => path.join(reports, `${name}.json`);

// The build comes first and skips Next's own type check: the typecheck step then checks the whole
// project once, the route types the build generated (.next/types) included. Steps with the same
// `together` run at once, each printing its output when it ends: tsc and the linters are
// single-threaded, so on 2 cores the pair takes about as long as the slower one.
const steps = [
  { name: "build", cmd: ["npx", "tsx", "scripts/build-if-stale.ts"], env: { STATLINE_BUILD_TYPECHECK: "0" } },
  { name: "typecheck", cmd: ["npx", "tsc", "--noEmit", "-p", "."], together: "static" },
  {
    name: "lint (eslint, prettier, import cycles)",
    cmd: ["npm", "run", "--silent", "lint"],
    together: "static",
  },
  {
    name: "unit + integration",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestJson("vitest")}`,
    ],
    report: vitestJson("vitest"),
    kind: "vitest",
  },
  {
    name: "browser (e2e)",
    cmd: ["npx", "playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: vitestJson("playwright") },
    report: vitestJson("playwright"),
    kind: "playwright",
  },
  {
    name: "reliability",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "vitest.reliability.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestJson("reliability")}`,
    ],
    report: vitestJson("reliability"),
    kind: "vitest",
  },
];

function counts(step) {
  if (!step.report || !fs.existsSync(step.report)) return null;
  const r = JSON.parse(fs.readFileSync(step.report, "utf8"));
  if (step.kind === "vitest")
    return {
      passed: r.numPassedTests ?? 0,
      failed: r.numFailedTests ?? 0,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
  const s = r.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

/** Runs one step; with `quiet`, its output is kept and printed when it ends. */
function run(step, quiet) {
  if (step.report) fs.rmSync(step.report, { force: true });
  if (!quiet) console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const [cmd, ...args] = step.cmd;
  const child = spawn(cmd, args, {
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...step.env },
  });
  let out = "";
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (d) => (out += d));
  return new Promise((resolve) => {
    child.on("error", (err) => (out += `${err.message}\n`));
    child.on("close", (status) => {
      if (quiet) process.stdout.write(`\n=== ${step.name} ===\n${out}`);
      resolve({ step, status, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const only = process.env.TEST_ONLY?.split(",");
const failed = [];
const total = { passed: 0, failed: 0, skipped: 0 };
const selected = steps.filter((step) => !only || only.some((o) => step.name.startsWith(o)));
for (let i = 0; i < selected.length;) {
  const batch = [selected[i++]];
  while (batch[0].together && selected[i]?.together === batch[0].together) batch.push(selected[i++]);
  const results = await Promise.all(batch.map((step) => run(step, batch.length > 1)));
  for (const { step, status, seconds } of results) {
    const c = counts(step);
    if (c) for (const k of Object.keys(total)) total[k] += c[k];
    const tally = c ? ` (${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped)` : "";
    console.log(`=== ${step.name}: ${status === 0 ? "ok" : "FAILED"} in ${seconds.toFixed(0)} s${tally} ===`);
    if (status !== 0) {
      failed.push(step.name);
      if (!c || c.failed === 0) total.failed += 1; // a runner that crashed without a failing test still fails the suite
    }
  }
}
console.log(failed.length ? `\nfailed steps: ${failed.join(", ")}` : "\nall suites passed");
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed.length ? 1 : 0);
