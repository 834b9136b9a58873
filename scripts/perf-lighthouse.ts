// npm run perf:lighthouse: every dashboard page's Lighthouse mobile performance score (and its
// JavaScript weight), offline against Debian's Chromium. Lighthouse is not a dependency of the
// project (it brings ~150 packages): the first run installs lighthouse 12.2.3 from the npm
// registry into node_modules/.cache/statline-lighthouse (13 needs Node 22; 12.3-13.4 lockfiles
// are refused by npm ci here), later runs reuse it. LIGHTHOUSE_DIR names another install.
// Not a test and not timed: figures to compare before and after a change (docs/development.md).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const VERSION = "12.2.3";
const dir = process.env.LIGHTHOUSE_DIR ?? path.join(ROOT, "node_modules", ".cache", "statline-lighthouse");

if (!existsSync(path.join(dir, "node_modules", "lighthouse", "core", "index.js"))) {
  console.log(`installing lighthouse ${VERSION} into ${path.relative(ROOT, dir) || dir} (once)…`);
  mkdirSync(dir, { recursive: true });
  execFileSync(
    "npm",
    ["install", "--prefix", dir, "--no-save", "--no-audit", "--no-fund", "-E", `lighthouse@${VERSION}`],
    { stdio: "inherit" },
  );
}
execFileSync(
  process.execPath,
  ["--import", "tsx", path.join(ROOT, "scripts", "page-weight.ts"), ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, LIGHTHOUSE_DIR: dir },
  },
);
