import { execFileSync } from "node:child_process";
import { ROOT } from "./app";

/** Creates a user that can sign in with email + password (no sign-up page needed). */
export function createUser(
  databaseUrl: string,
  email: string,
  password: string,
  opts: { verified?: boolean } = {},
): { id: string; accountId: string } {
  const out = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "tests/support/create-user.ts",
      email,
      password,
      opts.verified === false ? "unverified" : "verified",
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    },
  );
  return JSON.parse(out.trim().split("\n").pop()!);
}
