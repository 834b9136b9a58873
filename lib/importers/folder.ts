import fs from "node:fs";
import path from "node:path";
import type { Db } from "../platform/db/client";
import { ImportError } from "./errors";
import { importFile, type ImportOptions } from "./index";
import type { ImportSummary } from "./types";

/** Files an import of a folder picks up (recursively; hidden entries skipped). */
const IMPORTABLE = new Set([".json", ".csv"]);
const MAX_FILES = 5000;

/** Every importable file under `dir`, sorted, so league files come before anything that depends on them. */
export function listImportable(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith(".")) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && IMPORTABLE.has(path.extname(e.name).toLowerCase())) out.push(p);
      if (out.length > MAX_FILES)
        throw new ImportError(`${dir} holds more than ${MAX_FILES} importable files`);
    }
  };
  walk(dir);
  return out;
}

export type FileOutcome = { file: string; summary: ImportSummary } | { file: string; error: string };

/**
 * Imports each file in its own transaction: a file that fails is reported and rolled back, and
 * the others still import. `onProgress` is called before each file and once at the end.
 */
export async function importFolder(
  db: Db,
  dir: string,
  opts: ImportOptions,
  onProgress: (done: number, total: number, file: string) => void = () => {},
): Promise<FileOutcome[]> {
  const files = listImportable(dir);
  if (!files.length) throw new ImportError(`no .json or .csv files under ${dir}`);
  const outcomes: FileOutcome[] = [];
  for (const [i, file] of files.entries()) {
    const rel = path.relative(dir, file);
    onProgress(i, files.length, rel);
    try {
      // Per-file metadata (league code, season, time zone) comes from each file, never from one flag.
      outcomes.push({
        file: rel,
        summary: await importFile(db, file, { ...opts, competition: undefined, edition: undefined }),
      });
    } catch (err) {
      outcomes.push({ file: rel, error: err instanceof Error ? err.message : String(err) });
    }
  }
  onProgress(files.length, files.length, "");
  return outcomes;
}
