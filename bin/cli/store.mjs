// Files the CLI keeps: the pending two-step login and the credentials, both mode 0600.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function configDir(env = process.env) {
  if (env.STATLINE_CONFIG_DIR) return path.resolve(env.STATLINE_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "statline");
}

function writePrivate(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Write to a fresh private temp file and rename, so the secret is never world-readable, not even briefly.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

const pendingFile = () => path.join(configDir(), "pending.json");
export const credentialsFile = () => path.join(configDir(), "credentials.json");

export const savePending = (pending) => writePrivate(pendingFile(), `${JSON.stringify(pending, null, 2)}\n`);
export const removePending = () => fs.rmSync(pendingFile(), { force: true });
export function loadPending() {
  try {
    return JSON.parse(fs.readFileSync(pendingFile(), "utf8"));
  } catch {
    return null;
  }
}

export function saveCredentials(baseUrl, issued) {
  const file = credentialsFile();
  const record = {
    base_url: baseUrl,
    api_key: issued.api_key,
    key_prefix: issued.prefix,
    name: issued.name,
    environment: issued.environment,
    created_at: new Date().toISOString(),
  };
  writePrivate(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/** Sets STATLINE_API_KEY in ./.env, replacing an earlier value; a new .env is created 0600. */
export function writeEnvFile(issued, dir = process.cwd()) {
  const file = path.join(dir, ".env");
  const line = `STATLINE_API_KEY=${issued.api_key}`;
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, `${line}\n`, { mode: 0o600 });
    return file;
  }
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const at = lines.findIndex((l) => /^\s*(export\s+)?STATLINE_API_KEY=/.test(l));
  if (at >= 0) lines[at] = line;
  else {
    if (lines[lines.length - 1] === "") lines.pop();
    lines.push(line, "");
  }
  fs.writeFileSync(file, lines.join("\n"));
  return file;
}
