import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { copyTemplateDb, ROOT, startApp } from "../tests/support/app";
import { ensureTemplateDb } from "../tests/support/template";

/**
 * Builds the app if needed and serves it on E2E_PORT (default 3100) against a private copy of
 * the seeded template database. The database URL is written to data/test/e2e-db-url for tests
 * that need the admin CLI, and its output is mirrored to data/test/e2e-server.log.
 */
export default async function globalSetup() {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  const databaseUrl = copyTemplateDb(ensureTemplateDb());
  fs.writeFileSync(path.join(ROOT, "data", "test", "e2e-db-url"), databaseUrl);
  // The suite signs up dozens of users from 127.0.0.1: lift the per-IP sign-up limit (5 an hour).
  const app = await startApp({
    databaseUrl,
    port: Number(process.env.E2E_PORT ?? 3100),
    // Webhooks: the dashboard-webhooks spec's receiver listens on 127.0.0.1, which the sender
    // refuses unless private targets are allowed; a short poll keeps the delivery log quick.
    // The password check runs at the lowest priority: at load average 25 on 2 cores one check
    // passed its 2 s bound and sign-up refused the suite's password as "too complex to check".
    env: {
      SIGNUP_LIMIT_PER_HOUR: "100000",
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_POLL_MS: "200",
      PASSWORD_CHECK_TIMEOUT_MS: "30000",
    },
  });
  // The server's output, for tests that prove secrets never reach the logs.
  const logFile = path.join(ROOT, "data", "test", "e2e-server.log");
  fs.writeFileSync(logFile, app.output());
  for (const stream of [app.proc.stdout, app.proc.stderr])
    stream?.on("data", (d) => fs.appendFileSync(logFile, d));
  return async () => {
    await app.stop();
    // Kept for the reliability suite's secrets scan (tests/reliability/secrets-scan.test.ts).
    fs.writeFileSync(path.join(ROOT, "data", "test", "e2e-server.log"), app.output());
  };
}
