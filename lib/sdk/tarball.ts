/**
 * The SDK as an npm tarball this instance serves at GET /sdk/statline-sdk.tgz (sdk/README.md):
 * `npm install <instance>/sdk/statline-sdk.tgz` needs no registry, because the tarball bundles the
 * SDK's one dependency (openapi-fetch, with its openapi-typescript-helpers) as bundleDependencies.
 * Built on the first request (tsc of sdk/src unless sdk/dist is fresh, then `npm pack` of a staging
 * folder: 3 s with a fresh dist/, ~20 s with tsc on these loaded machines) and kept in memory for
 * the life of the process; concurrent first requests share one build.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { logError } from "../platform/log";
import { perProcess } from "../platform/process-state";

const run = promisify(execFile);
/** Dependencies shipped inside the tarball (openapi-fetch and what it requires). */
const BUNDLED = ["openapi-fetch", "openapi-typescript-helpers"];

export interface SdkTarball {
  bytes: Buffer;
  /** The file name npm gives it, e.g. statline-sdk-0.1.0.tgz. */
  filename: string;
  etag: string;
}

const state = perProcess("sdkTarball", () => ({ pending: null as Promise<SdkTarball> | null }));

/** Newest modification time of a file or of any file below a folder. */
function newest(p: string): number {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(
    0,
    ...fs.readdirSync(p).map((name) => newest(path.join(/*turbopackIgnore: true*/ p, name))),
  );
}

/** dist/ is newer than every source it is built from (npm run sdk:build at deploy, or npm pack). */
function distFresh(sdk: string): boolean {
  const built = newest(path.join(sdk, "dist", "index.js"));
  const sources = ["src", "tsconfig.json", "package.json"].map((f) =>
    newest(path.join(/*turbopackIgnore: true*/ sdk, f)),
  );
  return built > 0 && built >= Math.max(...sources);
}

async function build(root: string): Promise<SdkTarball> {
  // Read at run time from the checkout, never bundled: the ignore keeps Next's file tracing from
  // including the whole project (its build warned "Dynamic filesystem access").
  const sdk = path.join(/*turbopackIgnore: true*/ root, "sdk");
  const require = createRequire(path.join(root, "package.json"));
  let tsc: string | null = null;
  try {
    tsc = require.resolve("typescript/bin/tsc");
  } catch {
    // No TypeScript on this install: a dist/ built earlier (npm run sdk:build) is packed as it is.
  }
  // tsc is most of the first request's wait (~10 s here); a fresh dist/ skips it.
  if (tsc && !distFresh(sdk))
    await run(process.execPath, [tsc, "-p", path.join(sdk, "tsconfig.json")], { cwd: root });
  if (!fs.existsSync(path.join(sdk, "dist", "index.js")))
    throw new Error("sdk/dist is not built and TypeScript is not installed: run npm run sdk:build");
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "statline-sdk-stage-"));
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(sdk, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    delete pkg.scripts; // dist/ is built already; the staging folder has no tsconfig to build it
    pkg.bundleDependencies = ["openapi-fetch"];
    fs.writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
    fs.copyFileSync(path.join(sdk, "README.md"), path.join(stage, "README.md"));
    fs.cpSync(path.join(sdk, "dist"), path.join(stage, "dist"), { recursive: true });
    for (const dep of BUNDLED) {
      const from = path.dirname(require.resolve(`${dep}/package.json`));
      fs.cpSync(from, path.join(stage, "node_modules", dep), { recursive: true, dereference: true });
    }
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", stage], { cwd: stage });
    const filename = (JSON.parse(stdout) as Array<{ filename: string }>)[0].filename;
    const bytes = fs.readFileSync(path.join(stage, filename));
    const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
    return { bytes, filename, etag };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** The tarball, built once per process; a failed build is retried by the next request. */
export function sdkTarball(root = process.cwd()): Promise<SdkTarball> {
  state.pending ??= build(root).catch((err: unknown) => {
    state.pending = null;
    logError("SDK tarball build failed", err);
    throw err;
  });
  return state.pending;
}
