// Runs `next build` unless the last build came from the same sources (npm start, npm test).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** A fingerprint of everything that goes into `next build`. */
function sourceStamp(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        hash.update(`${p}:${st.mtimeMs}:${st.size}\n`);
      }
    }
  };
  for (const dir of ["app", "components", "lib", "public"]) walk(dir);
  for (const file of ["next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json", "proxy.ts"]) {
    if (fs.existsSync(file)) hash.update(`${file}:${fs.statSync(file).mtimeMs}\n`);
  }
  return hash.digest("hex");
}

export function buildIfStale(): void {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const stampFile = path.join(distDir, "statline-source-stamp");
  const stamp = sourceStamp();
  const fresh =
    fs.existsSync(path.join(distDir, "BUILD_ID")) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, "utf8") === stamp;
  if (fresh || process.env.STATLINE_SKIP_BUILD === "1") return;
  console.log("building the app (first run or sources changed)…");
  const nextBin = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next");
  execFileSync(process.execPath, [nextBin, "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  fs.writeFileSync(stampFile, stamp);
}

if (process.argv[1]?.endsWith("build-if-stale.ts")) buildIfStale();
