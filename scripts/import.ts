// `npm run import -- <file> [--competition <slug-or-name>] [--edition <name>] [--timezone <IANA>] [--strict]`
// Imports a football-data.co.uk CSV (results + odds) or an openfootball JSON (results).
import { bumpDataVersion } from "../lib/api/cache";
import { db } from "../lib/db";
import { changedAnything, importFile, ImportError } from "../lib/importers/index";
import type { ImportSummary } from "../lib/importers/types";

const USAGE = "usage: npm run import -- <file.csv|file.json> [--competition <slug-or-name>] [--edition <name>] [--timezone <IANA zone>] [--strict]";

function parseArgs(argv: string[]) {
  const opts: Record<string, string | boolean> = {};
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--strict") opts.strict = true;
    else if (["--competition", "--edition", "--timezone"].includes(a)) {
      const v = argv[++i];
      if (!v || v.startsWith("--")) throw new ImportError(`${a} needs a value\n${USAGE}`);
      opts[a.slice(2)] = v;
    } else if (a.startsWith("--")) throw new ImportError(`unknown option ${a}\n${USAGE}`);
    else files.push(a);
  }
  if (files.length !== 1) throw new ImportError(USAGE);
  return { file: files[0], opts };
}

function report(s: ImportSummary) {
  console.log(`imported ${s.file} (${s.format}) into ${s.competition}, edition ${s.edition}`);
  console.log(`  contests: ${s.contests.imported} imported, ${s.contests.updated} updated, ${s.contests.unchanged} unchanged`);
  console.log(`  odds points: ${s.odds.imported} imported, ${s.odds.updated} updated, ${s.odds.unchanged} unchanged`);
  console.log(`  teams created: ${s.teamsCreated}; standings rows changed: ${s.standingsChanged}`);
  console.log(`  skipped: ${s.skipped}; errors: ${s.errors.length}`);
  for (const n of s.notes) console.log(`  note: ${n}`);
  for (const e of s.errors) console.error(`  error at ${e.where}: ${e.message} (row skipped)`);
}

async function main() {
  const { file, opts } = parseArgs(process.argv.slice(2));
  const summary = await importFile(db, file, {
    competition: opts.competition as string | undefined,
    edition: opts.edition as string | undefined,
    timeZone: opts.timezone as string | undefined,
    strict: opts.strict === true,
  });
  if (changedAnything(summary)) await bumpDataVersion();
  report(summary);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err instanceof ImportError ? `import failed: ${err.message}` : `import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(err instanceof ImportError ? 2 : 1);
  });
