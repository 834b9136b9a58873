// `npm start`: migrate, seed demo data on an empty database, build the app when sources changed,
// then serve dashboard and API on PORT (default 3000).
import { loadAuthSecret } from "../lib/auth-secret";
import { assertEnv } from "../lib/config";
import { applyServerBusyTimeout } from "../lib/db/config";
import { buildIfStale } from "./build-if-stale";
import { migrate } from "./migrate";

async function main() {
  assertEnv();
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  applyServerBusyTimeout();
  // Zero-config: a random secret kept beside the SQLite file, readable only by this user.
  loadAuthSecret(true);
  // next-auth needs its public URL (OAuth callbacks, Secure cookies under https); default to this port.
  process.env.NEXTAUTH_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
  await migrate();
  const { seedIfEmpty } = await import("../lib/seed/index");
  await seedIfEmpty();
  buildIfStale();
  const { startServer } = await import("../server");
  await startServer({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "0.0.0.0" });
}

main().catch((err) => {
  console.error(`statline failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
