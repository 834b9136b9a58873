// `npm run import -- <file-or-folder> [--competition <slug-or-name>] [--edition <name>] [--timezone <IANA>] [--skip-malformed] [--create-teams]`
// Imports football-data.co.uk CSVs, tennis-data.co.uk CSVs, openfootball JSON (one file or a whole
// folder in openfootball's <season>/<code>.json layout) and point-adjustment CSVs.
import fs from "node:fs";
import { bumpDataVersion } from "../lib/events/data-version";
import { db } from "../lib/platform/db";
import { importFolder, type FileOutcome } from "../lib/importers/folder";
import { changedAnything, importFile, ImportError, SUPPORTED_FORMATS } from "../lib/importers/index";
import type { ImportSummary } from "../lib/importers/types";
import { importInternational, type InternationalSummary } from "../lib/importers/international/index";
import { isInternationalFolder } from "../lib/importers/international/parse";
import path from "node:path";

const USAGE = [
  "usage: npm run import -- <file or folder> [--competition <slug-or-name>] [--edition <name>] [--timezone <IANA zone>] [--skip-malformed] [--create-teams] [--by <who>]",
  "formats:",
  ...SUPPORTED_FORMATS.map((f) => `  - ${f}`),
].join("\n");

function parseArgs(argv: string[]) {
  const opts: Record<string, string | boolean> = {};
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--strict" || a === "--create-teams" || a === "--skip-malformed") opts[a.slice(2)] = true;
    else if (["--competition", "--edition", "--timezone", "--by"].includes(a)) {
      const v = argv[++i];
      if (!v || v.startsWith("--")) throw new ImportError(`${a} needs a value\n${USAGE}`);
      opts[a.slice(2)] = v;
    } else if (a === "--help" || a === "-h") throw new ImportError(USAGE);
    else if (a.startsWith("--")) throw new ImportError(`unknown option ${a}\n${USAGE}`);
    else files.push(a);
  }
  if (files.length !== 1) throw new ImportError(USAGE);
  return { target: files[0], opts };
}

function report(s: ImportSummary) {
  console.log(`imported ${s.file} (${s.format}) into ${s.competition}, edition ${s.edition}`);
  console.log(
    `  contests: ${s.contests.imported} imported, ${s.contests.updated} updated, ${s.contests.unchanged} unchanged`,
  );
  console.log(
    `  odds points: ${s.odds.imported} imported, ${s.odds.updated} updated, ${s.odds.unchanged} unchanged`,
  );
  console.log(
    `  teams created: ${s.teamsCreated}; persons created: ${s.personsCreated}; standings rows changed: ${s.standingsChanged}`,
  );
  if (s.details) {
    const { events: e, statistics, personStats } = s.details;
    console.log(
      `  match events: ${e.created} created, ${e.updated} corrected, ${e.deleted} deleted; team match stats changed: ${statistics}; player stats changed: ${personStats}`,
    );
  }
  console.log(`  skipped: ${s.skipped}; errors: ${s.errors.length}`);
  for (const n of s.notes) console.log(`  note: ${n}`);
  for (const e of s.errors) console.error(`  error at ${e.where}: ${e.message} (row skipped)`);
}

function intlReport(s: InternationalSummary, ms: number) {
  const c = s.contests;
  console.log(`imported international results: ${s.matches} matches in ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `  contests: ${c.imported} new, ${c.linked} matched to another source's contest, ${c.unchanged} unchanged, ${c.changed} differing`,
  );
  console.log(
    `  goal events: ${s.goals.created} new, ${s.goals.skipped} left to a higher-ranked source; shoot-outs: ${s.shootouts}`,
  );
  console.log(
    `  teams created: ${s.teamsCreated}; persons created: ${s.personsCreated}; competitions created: ${s.competitionsCreated}; editions created: ${s.editionsCreated}; ratings written: ${s.ratingsWritten}`,
  );
  console.log(`  skipped rows: ${s.errors.length}`);
  for (const n of s.notes) console.log(`  note: ${n}`);
  for (const e of s.errors) console.error(`  error at ${e.where}: ${e.message} (row skipped)`);
}

const pad = (v: string | number, n: number) => String(v).padEnd(n).slice(0, n);

/** One line per file: what it became and what it wrote. */
function table(outcomes: FileOutcome[]) {
  const w = Math.max(4, ...outcomes.map((o) => o.file.length));
  console.log(
    `${pad("file", w)}  ${pad("result", 6)}  ${pad("competition / error", 44)}  edition   contests new/upd/same  odds new  skipped`,
  );
  for (const o of outcomes) {
    if ("error" in o) {
      console.log(`${pad(o.file, w)}  FAILED  ${o.error.split("\n")[0]}`);
      continue;
    }
    const s = o.summary;
    const c = `${s.contests.imported}/${s.contests.updated}/${s.contests.unchanged}`;
    console.log(
      `${pad(o.file, w)}  ${pad("ok", 6)}  ${pad(s.competition, 44)}  ${pad(s.edition, 8)}  ${pad(c, 21)}  ${pad(s.odds.imported, 8)}  ${s.skipped}`,
    );
  }
}

/** A bar on a terminal, one line per file otherwise (CI logs). */
function progress(done: number, total: number, file: string) {
  if (process.stdout.isTTY) {
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stdout.write(
      `\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total} ${pad(file, 40)}`,
    );
    if (done === total) process.stdout.write("\n");
  } else if (done < total) console.log(`[${done + 1}/${total}] ${file}`);
}

async function main(): Promise<number> {
  const { target, opts } = parseArgs(process.argv.slice(2));
  const options = {
    competition: opts.competition as string | undefined,
    edition: opts.edition as string | undefined,
    timeZone: opts.timezone as string | undefined,
    skipMalformed: opts["skip-malformed"] === true,
    createTeams: opts["create-teams"] === true,
    actor: opts.by as string | undefined,
  };
  const intlDir = path.basename(target) === "results.csv" ? path.dirname(target) : target;
  if (fs.existsSync(intlDir) && fs.statSync(intlDir).isDirectory() && isInternationalFolder(intlDir)) {
    const started = Date.now();
    const s = await importInternational(db, intlDir, (step, done, total) => progress(done, total, step));
    if (s.contests.imported + s.contests.linked + s.goals.created + s.ratingsWritten) await bumpDataVersion();
    intlReport(s, Date.now() - started);
    return 0;
  }
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) {
    if (options.competition || options.edition)
      throw new ImportError("--competition and --edition apply to one file, not to a folder");
    const outcomes = await importFolder(db, target, options, progress);
    if (outcomes.some((o) => "summary" in o && changedAnything(o.summary))) await bumpDataVersion();
    table(outcomes);
    for (const o of outcomes) if ("error" in o) console.error(`\n${o.file}: ${o.error}`);
    for (const o of outcomes)
      if ("summary" in o)
        for (const e of o.summary.errors) console.error(`${o.file} ${e.where}: ${e.message} (row skipped)`);
    const failed = outcomes.filter((o) => "error" in o).length;
    console.log(
      `${outcomes.length - failed} of ${outcomes.length} files imported${failed ? `, ${failed} failed` : ""}`,
    );
    return failed ? 2 : 0;
  }
  const summary = await importFile(db, target, options);
  if (changedAnything(summary)) await bumpDataVersion();
  report(summary);
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(`import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof ImportError ? 2 : 1);
  });
