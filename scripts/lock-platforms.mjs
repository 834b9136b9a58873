// Restores the lockfile entries of platform-specific optional packages that npm could not resolve.
//
// Why: the registry mirror on our build machines serves only the Linux builds of packages such as
// @tailwindcss/oxide-* and @next/swc-*. `npm install` there silently leaves the other platforms'
// entries out of package-lock.json, and `npm ci` then refuses the lockfile on every machine
// ("Missing: @tailwindcss/oxide-darwin-arm64@ from lock file"). An entry carrying `optional`,
// `os`, `cpu` (and `libc`) is what npm itself writes for a package it skips on this platform; npm
// ci skips it here and fetches it by name and version on the platform it is for.
//
// Run after any `npm install` that changes the lockfile: `npm run lock:platforms`.
import fs from "node:fs";

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "openharmony", "sunos", "aix"];
const CPU = ["arm64", "x64", "arm", "ia32", "wasm32", "riscv64", "ppc64", "s390x", "loong64"];

/** Platform fields inferred from a package name such as `oxide-linux-arm-gnueabihf`. */
export function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os && !cpu) return null;
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (parts.some((p) => p.startsWith("musl"))) entry.libc = ["musl"];
  else if (os === "linux" && parts.some((p) => p.startsWith("gnu"))) entry.libc = ["glibc"];
  return entry;
}

export function restore(lock) {
  const added = [];
  for (const [key, pkg] of Object.entries(lock.packages)) {
    for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      const depKey = `${key ? `${key}/` : ""}node_modules/${dep}`;
      const hoisted = `node_modules/${dep}`;
      if (lock.packages[depKey] || lock.packages[hoisted]) continue;
      const platform = platformOf(dep);
      if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
      lock.packages[hoisted] = { version, license: pkg.license, optional: true, ...platform };
      added.push(`${dep}@${version}`);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
  );
  return added;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? "package-lock.json";
  const lock = JSON.parse(fs.readFileSync(file, "utf8"));
  const added = restore(lock);
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length ? `restored ${added.length} platform entries: ${added.join(", ")}` : "lockfile complete",
  );
}
