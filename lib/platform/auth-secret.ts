import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { envStrOpt, setEnv } from "./config";

/**
 * NEXTAUTH_SECRET when it is not set: `npm start` generates a random one into data/auth-secret
 * (0600, beside the SQLite file, relative to the working directory as `npm start` and `npm run
 * admin` both run from the project folder). The admin CLI reads the same file, since it seals
 * webhook signing secrets the server must open; without it, `admin webhook add` on a default
 * install failed with "NEXTAUTH_SECRET is not set".
 */
export const AUTH_SECRET_FILE = path.join("data", "auth-secret");

/** Sets NEXTAUTH_SECRET from the file when unset; `create` makes the file first (npm start). Returns where it came from. */
export function loadAuthSecret(create: boolean): "env" | "file" | null {
  if (envStrOpt("NEXTAUTH_SECRET")) return "env";
  const file = path.resolve(AUTH_SECRET_FILE);
  if (create && !fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  if (!fs.existsSync(file)) return null;
  setEnv("NEXTAUTH_SECRET", fs.readFileSync(file, "utf8").trim());
  return "file";
}
