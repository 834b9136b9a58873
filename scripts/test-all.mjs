// `npm test`: the whole suite in one command. Builds once, then unit + integration (vitest),
// browser (Playwright on Debian's Chromium) and reliability (PostgreSQL + Redis) suites.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", ["npx", "tsc", "--noEmit", "-p", "."]],
  ["build", ["npx", "tsx", "scripts/build-if-stale.ts"]],
  ["unit + integration", ["npx", "vitest", "run"]],
  ["browser (e2e)", ["npx", "playwright", "test"]],
  ["reliability", ["npx", "vitest", "run", "--config", "vitest.reliability.config.ts"]],
];

const only = process.env.TEST_ONLY?.split(",");
const failed = [];
for (const [name, [cmd, ...args]] of steps) {
  if (only && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
  if (result.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exit(1);
}
console.log("\nall suites passed");
