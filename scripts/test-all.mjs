// `npm test`: the whole suite in one command. Typecheck, lint, build once, then unit + integration
// (vitest), browser (Playwright on Debian's Chromium) and reliability (PostgreSQL + Redis).
// Ends with one "N passed, N failed" line summed over all runners.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const reports = path.resolve("data", "test", "reports");
fs.mkdirSync(reports, { recursive: true });
const vitestJson = (name) => path.join(reports, `${name}.json`);

const steps = [
  { name: "typecheck", cmd: ["npx", "tsc", "--noEmit", "-p", "."] },
  { name: "lint (eslint, prettier, import cycles)", cmd: ["npm", "run", "--silent", "lint"] },
  { name: "build", cmd: ["npx", "tsx", "scripts/build-if-stale.ts"] },
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

const only = process.env.TEST_ONLY?.split(",");
const failed = [];
const total = { passed: 0, failed: 0, skipped: 0 };
for (const step of steps) {
  if (only && !only.some((o) => step.name.startsWith(o))) continue;
  if (step.report) fs.rmSync(step.report, { force: true });
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const [cmd, ...args] = step.cmd;
  const result = spawnSync(cmd, args, {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...step.env },
  });
  const c = counts(step);
  if (c) for (const k of Object.keys(total)) total[k] += c[k];
  const tally = c ? ` (${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped)` : "";
  console.log(
    `=== ${step.name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s${tally} ===`,
  );
  if (result.status !== 0) {
    failed.push(step.name);
    if (!c || c.failed === 0) total.failed += 1; // a runner that crashed without a failing test still fails the suite
  }
}
console.log(failed.length ? `\nfailed steps: ${failed.join(", ")}` : "\nall suites passed");
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed.length ? 1 : 0);
