// `npm run simulate [-- --contests 3] [--speed 60] [--seed 1] [--competition <id>] [--url <server>]`:
// plays the next scheduled contests forward in accelerated time as a client of /ingest/v1
// (docs/events.md). With --url it posts to that running server with STATLINE_INGEST_KEY; without,
// it serves /ingest/v1 itself on a loopback port for the run, with a key it mints for the
// `simulator@statline.invalid` operator account and revokes when done.
import http from "node:http";
import type net from "node:net";
import { findOrCreateUser } from "../lib/accounts/users";
import { updateAccount } from "../lib/operator/store/accounts";
import { assertEnv, envStrOpt } from "../lib/platform/config";
import { db } from "../lib/platform/db";
import { handleIngestNode, INGEST_PATH } from "../lib/ingest/http";
import { createApiKey, revokeApiKey } from "../lib/keys/service";
import { simulate, type IngestTarget } from "../lib/simulator/run";
import { flushUsage } from "../lib/usage";

assertEnv();
const args = process.argv.slice(2);
function num(name: string, fallback: number, min: number, max: number): number {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(2);
  }
  return v;
}
const urlAt = args.indexOf("--url");
const url = urlAt === -1 ? undefined : args[urlAt + 1]?.replace(/\/+$/, "");
if (url !== undefined && !/^https?:\/\/[^/]+$/.test(url)) {
  console.error("--url must be like http://localhost:3000");
  process.exit(2);
}

/** A loopback /ingest/v1 for this run and an ingest key of the simulator's operator account. */
async function localIngest(): Promise<{ target: IngestTarget; stop: () => Promise<void> }> {
  const user = await findOrCreateUser(db, "simulator@statline.invalid", "Simulator");
  await updateAccount(db, user.accountId, { operator: true, plan: "unlimited" });
  const minted = await createApiKey(db, {
    accountId: user.accountId,
    name: "npm run simulate",
    environment: "live",
    options: { scopes: ["ingest"] },
  });
  const server = http.createServer((req, res) => {
    if (!INGEST_PATH.test(req.url ?? "")) return void res.writeHead(404).end();
    handleIngestNode(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    target: { baseUrl: `http://127.0.0.1:${port}`, key: minted.key },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await revokeApiKey(db, { id: minted.record.id }, null);
      await flushUsage();
    },
  };
}

async function main() {
  const key = envStrOpt("STATLINE_INGEST_KEY");
  if (url !== undefined && !key) throw new Error("--url needs STATLINE_INGEST_KEY (an ingest-scoped key)");
  const local = url === undefined ? await localIngest() : null;
  const target = local?.target ?? { baseUrl: url!, key: key! };
  const competition = num("competition", 0, 1, 2_147_483_647);
  try {
    return await simulate(db, target, {
      contests: num("contests", 3, 1, 100),
      speed: num("speed", 60, 1, 1_000_000),
      seed: num("seed", 1, 0, 2 ** 31),
      competition: competition || undefined,
      log: args.includes("--quiet") ? undefined : (line) => console.log(line),
    });
  } finally {
    await local?.stop();
  }
}

main()
  .then(async (r) => {
    console.log(`done: ${r.steps} steps over ${r.contests.length} contest(s)`);
    await db.$disconnect();
    process.exit(0);
  })
  .catch((err) => {
    console.error(`simulate failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
