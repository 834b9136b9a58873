// `npm start [-- --no-demo]`: migrate, seed demo data on an empty database (unless STATLINE_DEMO=off), build the app when sources changed,
// then serve dashboard and API on PORT (default 3000).
import { loadAuthSecret } from "../lib/platform/auth-secret";
import { assertEnv, envBool } from "../lib/platform/config";
import { applyServerBusyTimeout } from "../lib/platform/db/config";
import { buildIfStale } from "./build-if-stale";
import { migrate } from "./migrate";

async function main() {
  assertEnv();
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== "--no-demo");
  if (unknown.length) throw new Error(`unknown option ${unknown[0]} (npm start -- [--no-demo])`);
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  applyServerBusyTimeout();
  // Zero-config: a random secret kept beside the SQLite file, readable only by this user.
  loadAuthSecret(true);
  // next-auth needs its public URL (OAuth callbacks, Secure cookies under https); default to this port.
  process.env.NEXTAUTH_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
  await migrate();
  // Demo data on an empty database unless STATLINE_DEMO=off or --no-demo asks for an empty catalogue.
  if (envBool("STATLINE_DEMO") && !args.includes("--no-demo")) {
    const { seedIfEmpty } = await import("../lib/seed/index");
    await seedIfEmpty();
  }
  buildIfStale();
  const { startServer } = await import("../server");
  await startServer({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "0.0.0.0" });
}

main().catch((err) => {
  console.error(`statline failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
