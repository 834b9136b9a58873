import fs from "node:fs";
import path from "node:path";
import { parseQuery } from "../../lib/api/request";
import { matchRoute } from "../../lib/api/router";
import { RawJson } from "../../lib/api/types";
import type { Db } from "../../lib/platform/db/client";
import { sharedDataDir } from "./shared-data";

/** The international results set under ../shared/data (fails clearly when missing). */
export function internationalDir(): string {
  const dir = path.join(sharedDataDir(), "international");
  if (!fs.existsSync(path.join(dir, "results.csv")))
    throw new Error(`the international results set is missing: expected ${dir}/results.csv`);
  return dir;
}

/**
 * A copy of the set keeping the rows `keep` accepts (every file's rows start with their date;
 * former_names.csv is copied whole). No field of these files holds a line break.
 */
export function writeSubset(from: string, to: string, keep: (line: string, file: string) => boolean): void {
  fs.mkdirSync(to, { recursive: true });
  for (const file of ["results.csv", "goalscorers.csv", "shootouts.csv", "former_names.csv"]) {
    const [head, ...lines] = fs.readFileSync(path.join(from, file), "utf8").split("\n");
    const kept = file === "former_names.csv" ? lines : lines.filter((l) => l && keep(l, file));
    fs.writeFileSync(path.join(to, file), [head, ...kept].join("\n") + "\n");
  }
}

/** Splits one CSV line (quoted fields may hold commas). */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cell);
      cell = "";
    } else if (ch !== "\r") cell += ch;
  }
  out.push(cell);
  return out;
}

/** A /v1 route's answer through its handler (no server), as a client reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function apiGet(db: Db, url: string): Promise<any> {
  const u = new URL(url, "http://x");
  const m = matchRoute(u.pathname)!;
  const query = parseQuery(u.searchParams, m.route.query);
  const data: unknown = await m.route.handler({ query, params: m.params, caller: null, db });
  const out: unknown = data instanceof RawJson ? JSON.parse(data.json) : data;
  // The documented schema describes the answer exactly.
  m.route.response.parse(out);
  return out;
}
