// Metering write rate at full load: autocannon against /v1/teams for 8 s with 1 key and with 10
// keys, then SIGTERM; the server's final log line reports its flushes (transactions) and SQL
// statements. The database's own totals are compared with the responses autocannon received.
// Needs a build (npx tsx scripts/build-if-stale.ts). Run: npx tsx bench/metering-writes.ts
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { copyTemplateDb, ROOT, startApp } from "../tests/support/app";
import { admin, createKey } from "../tests/support/cli";
import { ensureTemplateDb } from "../tests/support/template";

interface CannonResult {
  requests: { total: number; average: number };
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface CannonClient {
  setHeaders(h: Record<string, string>): void;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Cannon;

const DURATION_S = Number(process.env.DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);

async function phase(label: string, keyCount: number) {
  const dbUrl = copyTemplateDb(ensureTemplateDb());
  const keys = Array.from({ length: keyCount }, (_, i) => {
    const email = `load${i}@bench.test`;
    const key = createKey(dbUrl, email, i % 2 ? "live" : "test");
    admin(dbUrl, "account", "plan", "--email", email, "--plan", "unlimited");
    return { email, key };
  });
  const app = await startApp({ databaseUrl: dbUrl });
  let next = 0;
  const result = await autocannon({
    url: `${app.baseUrl}/v1/teams?limit=5`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    setupClient: (client: CannonClient) => client.setHeaders({ "X-API-Key": keys[next++ % keyCount].key }),
  });
  await app.stop("SIGTERM");
  const line = app
    .output()
    .split("\n")
    .find((l) => l.includes('"msg":"stopped"'));
  if (!line) throw new Error(`no shutdown line in the server output:\n${app.output().slice(-2000)}`);
  const { flushes, statements, rows } = JSON.parse(line).metering as {
    flushes: number;
    statements: number;
    rows: number;
  };
  let metered = 0;
  for (const k of keys)
    metered += JSON.parse(admin(dbUrl, "usage", "--email", k.email, "--json")).requests as number;
  const out = {
    label,
    keys: keyCount,
    durationS: DURATION_S,
    reqPerS: Math.round(result.requests.average),
    received2xx: result["2xx"],
    non2xx: result.non2xx,
    metered,
    flushTransactions: flushes,
    sqlStatements: statements,
    rowsWritten: rows,
    transactionsPerS: +(flushes / DURATION_S).toFixed(2),
    statementsPerS: +(statements / DURATION_S).toFixed(2),
  };
  fs.rmSync(path.dirname(dbUrl.slice("file:".length)), { recursive: true, force: true });
  return out;
}

async function main() {
  const results = [await phase("1 key", 1), await phase("10 keys", 10)];
  console.table(results);
  const dir = path.join(ROOT, "bench", "results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "metering-writes.json"),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
