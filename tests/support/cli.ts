import { execFileSync } from "node:child_process";
import { ROOT } from "./app";

/** Runs the admin CLI against a database, as an operator would. */
export function admin(databaseUrl: string, ...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

/** Creates a key through the admin CLI and returns the full key (its last line of output). */
export function createKey(
  databaseUrl: string,
  email: string,
  environment: "test" | "live" = "test",
  name = "test key",
): string {
  const lines = admin(
    databaseUrl,
    "key",
    "create",
    "--email",
    email,
    "--environment",
    environment,
    "--name",
    name,
  )
    .trim()
    .split("\n");
  return lines[lines.length - 1];
}

/**
 * A key on the `unlimited` plan (still metered, never rate-limited), for suites that send more
 * requests than the free plan's 60 per minute allows and are not about rate limits.
 */
export function createUnlimitedKey(
  databaseUrl: string,
  email: string,
  environment: "test" | "live" = "test",
  name = "test key",
): string {
  const key = createKey(databaseUrl, email, environment, name);
  admin(databaseUrl, "account", "plan", "--email", email, "--plan", "unlimited");
  return key;
}
