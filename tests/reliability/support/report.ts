import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../support/app";

const FILE = path.join(ROOT, "data", "test", "reliability-report.json");

/**
 * Adds one section of figures to data/test/reliability-report.json and prints it, so CI output
 * shows the numbers the issue asks for. Sections from earlier runs are replaced, not merged.
 */
export function report(section: string, figures: Record<string, unknown>): void {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(FILE, "utf8")) as Record<string, unknown>;
  } catch {
    // first section of this run
  }
  all[section] = { ...figures, measuredAt: new Date().toISOString() };
  fs.writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\n[reliability] ${section}\n${JSON.stringify(figures, null, 2)}`);
}
