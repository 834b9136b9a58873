// Serves an already-built app without migrating, seeding or building: used by tests and the
// benchmark. STATLINE_SERVER=next serves through plain `next start` instead of the lean server.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { assertEnv } from "../lib/platform/config";
import { applyServerBusyTimeout } from "../lib/platform/db/config";

// A malformed variable stops here, naming it (lib/platform/config).
try {
  assertEnv();
} catch (err) {
  console.error(`statline failed to start: ${(err as Error).message}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

if (process.env.STATLINE_SERVER === "next") {
  const require = createRequire(import.meta.url);
  const nextBin = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next");
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", host], {
    stdio: "inherit",
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
} else {
  (process.env as Record<string, string>).NODE_ENV = "production";
  applyServerBusyTimeout();
  import("../server")
    .then(({ startServer }) => startServer({ port, host }))
    .catch((err) => {
      console.error(`statline failed to start: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    });
}
