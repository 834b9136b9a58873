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
export function createKey(databaseUrl: string, email: string, environment: "test" | "live" = "test", name = "test key"): string {
  const lines = admin(databaseUrl, "key", "create", "--email", email, "--environment", environment, "--name", name).trim().split("\n");
  return lines[lines.length - 1];
}
