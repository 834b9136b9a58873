/** The one environment variable for the key, used by the SDK, `statline mcp` and the docs. */
export const API_KEY_ENV = "STATLINE_API_KEY";
/** The server's address, e.g. https://statline.example.com (no /v1). */
export const BASE_URL_ENV = "STATLINE_BASE_URL";
/** Accepted as another name for STATLINE_BASE_URL (the name people guess); STATLINE_BASE_URL wins. */
export const URL_ENV_ALIAS = "STATLINE_URL";
export const DEFAULT_BASE_URL = "http://localhost:3000";

export interface ResolvedConfig {
  baseUrl: string;
  apiKey: string | undefined;
  /** Where the key came from, for messages: "option", the variable name, or the credentials file path. */
  keySource: string | undefined;
  /**
   * Set when `statline login` saved a key for another server than baseUrl: that key is not sent
   * (a saved credential goes only to the origin it was issued by) and every call fails with this.
   */
  keyRefused?: string;
}

type Env = Record<string, string | undefined>;

interface Credentials {
  base_url?: unknown;
  api_key?: unknown;
}

// node:fs etc. are reached through getBuiltinModule so the package also loads in browsers and
// edge runtimes, where there is no credentials file to read (they pass apiKey or use the env).
function nodeBuiltins() {
  const proc = (globalThis as { process?: NodeJS.Process }).process;
  if (typeof proc?.getBuiltinModule !== "function") return null;
  return {
    fs: proc.getBuiltinModule("node:fs"),
    os: proc.getBuiltinModule("node:os"),
    path: proc.getBuiltinModule("node:path"),
  };
}

/** Same rules as `statline login` (bin/cli/store.mjs): $STATLINE_CONFIG_DIR, else $XDG_CONFIG_HOME/statline, else ~/.config/statline. */
export function credentialsPath(env: Env = processEnv()): string | null {
  const node = nodeBuiltins();
  if (!node) return null;
  const { os, path } = node;
  const dir = env.STATLINE_CONFIG_DIR
    ? path.resolve(env.STATLINE_CONFIG_DIR)
    : path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config"), "statline");
  return path.join(dir, "credentials.json");
}

function readCredentials(file: string | null): Credentials | null {
  const node = nodeBuiltins();
  if (!node || !file) return null;
  try {
    return JSON.parse(node.fs.readFileSync(file, "utf8")) as Credentials;
  } catch {
    return null;
  }
}

export function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {};
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Key: the option, else STATLINE_API_KEY, else the credentials file `statline login` wrote, which
 * is used only for the origin (scheme, host, port) it was issued by: a project's configuration
 * pointing the SDK or `statline mcp` at another server must not receive it.
 * Base URL: the option, else STATLINE_BASE_URL (or STATLINE_URL), else the server the credentials
 * file's key belongs to, else http://localhost:3000.
 */
export function resolveConfig(
  options: { baseUrl?: string; apiKey?: string; env?: Env } = {},
): ResolvedConfig {
  const env = options.env ?? processEnv();
  const file = options.apiKey || env[API_KEY_ENV] ? null : credentialsPath(env);
  const saved = readCredentials(file);
  const savedUrl = typeof saved?.base_url === "string" ? saved.base_url : undefined;
  const baseUrl = trimSlash(
    options.baseUrl || env[BASE_URL_ENV] || env[URL_ENV_ALIAS] || savedUrl || DEFAULT_BASE_URL,
  );
  let savedKey = typeof saved?.api_key === "string" ? saved.api_key : undefined;
  let keyRefused: string | undefined;
  if (savedKey && (!savedUrl || originOf(savedUrl) === null || originOf(savedUrl) !== originOf(baseUrl))) {
    keyRefused =
      `The key \`statline login\` saved in ${file} belongs to ${savedUrl ? trimSlash(savedUrl) : "an unknown server"} ` +
      `and is not sent to ${baseUrl}: run \`statline login --base-url ${baseUrl}\` for a key there, or set ${API_KEY_ENV}`;
    savedKey = undefined;
  }
  const apiKey = options.apiKey || env[API_KEY_ENV] || savedKey;
  const keySource = options.apiKey
    ? "option"
    : env[API_KEY_ENV]
      ? API_KEY_ENV
      : savedKey
        ? (file ?? undefined)
        : undefined;
  return keyRefused ? { baseUrl, apiKey, keySource, keyRefused } : { baseUrl, apiKey, keySource };
}
