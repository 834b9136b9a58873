import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./app";

/**
 * The real open data under ../shared/data (next to the repository; one level further up from a
 * git worktree). STATLINE_SHARED_DATA overrides. Never copied into the repo.
 */
export function sharedDataDir(): string {
  const candidates = [
    process.env.STATLINE_SHARED_DATA,
    path.resolve(ROOT, "..", "shared", "data"),
    path.resolve(ROOT, "..", "..", "shared", "data"),
  ].filter((d): d is string => Boolean(d));
  const found = candidates.find(
    (d) => fs.existsSync(path.join(d, "openfootball")) && fs.existsSync(path.join(d, "football-data")),
  );
  if (!found) {
    throw new Error(
      `real sports data for the importer tests is missing: expected ../shared/data beside the repository (looked in ${candidates.join(", ")}); set STATLINE_SHARED_DATA to its location`,
    );
  }
  return found;
}
