/**
 * The Python SDK (sdk/python/statline) as a wheel this instance serves at
 * GET /sdk/python/statline-<version>-py3-none-any.whl: `pip install <that URL>` needs no package
 * index, because the SDK uses the standard library only. A wheel is a ZIP with the package and a
 * .dist-info folder (METADATA, WHEEL, RECORD with each file's sha256; PEP 427, PEP 376); built
 * here in memory from the checkout's files, once per process.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { perProcess } from "../platform/process-state";
import { zip, type ZipEntry } from "./zip";

export interface Wheel {
  bytes: Buffer;
  filename: string;
  version: string;
  etag: string;
}

const state = perProcess("sdkWheel", () => ({ built: null as Wheel | null }));

const b64 = (data: Buffer) => createHash("sha256").update(data).digest("base64url");

/** The SDKs' version (sdk/package.json): the TypeScript package and the wheel share it. */
export function sdkVersion(root = process.cwd()): string {
  const pkg = path.join(/*turbopackIgnore: true*/ root, "sdk", "package.json");
  return (JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version;
}

export function wheelName(version: string): string {
  return `statline-${version}-py3-none-any.whl`;
}

function build(root: string): Wheel {
  const version = sdkVersion(root);
  const pkgDir = path.join(/*turbopackIgnore: true*/ root, "sdk", "python", "statline");
  const files: ZipEntry[] = fs
    .readdirSync(pkgDir)
    .filter((f) => f.endsWith(".py") || f === "py.typed")
    .sort()
    .map((f) => ({ name: `statline/${f}`, data: fs.readFileSync(path.join(pkgDir, f)) }));
  const info = `statline-${version}.dist-info`;
  const readme = fs.readFileSync(path.join(/*turbopackIgnore: true*/ root, "sdk", "README.md"));
  const meta = [
    "Metadata-Version: 2.1",
    "Name: statline",
    `Version: ${version}`,
    "Summary: Typed Python client for the Statline sports statistics API (standard library only)",
    "License: MIT",
    "Requires-Python: >=3.11",
    "Classifier: Typing :: Typed",
    "Description-Content-Type: text/markdown",
    "",
    readme.toString("utf8"),
  ].join("\n");
  files.push(
    { name: `${info}/METADATA`, data: Buffer.from(meta) },
    {
      name: `${info}/WHEEL`,
      data: Buffer.from(
        "Wheel-Version: 1.0\nGenerator: statline\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
      ),
    },
  );
  const record = [
    ...files.map((f) => `${f.name},sha256=${b64(f.data)},${f.data.length}`),
    `${info}/RECORD,,`,
    "",
  ].join("\n");
  files.push({ name: `${info}/RECORD`, data: Buffer.from(record) });
  const bytes = zip(files);
  return { bytes, filename: wheelName(version), version, etag: `"${b64(bytes).slice(0, 27)}"` };
}

/** The wheel, built on first use and kept for the life of the process. */
export function sdkWheel(root = process.cwd()): Wheel {
  state.built ??= build(root);
  return state.built;
}
