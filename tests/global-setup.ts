import { execFileSync } from "node:child_process";
import { ROOT } from "./support/app";
import { ensureTemplateDb } from "./support/template";

/** Before any vitest file: the app is built and the seeded template database exists. */
export default function setup() {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  ensureTemplateDb();
}
