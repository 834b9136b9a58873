// Regenerates the environment tables of docs/configuration.md from lib/platform/config/vars*.ts.
//   npm run docs:config            write
//   npm run docs:config -- --check exit 1 when the file is stale
import fs from "node:fs";
import path from "node:path";
import { renderConfigDoc } from "../lib/platform/config/docs";

async function main() {
  const file = path.resolve("docs", "configuration.md");
  const current = fs.readFileSync(file, "utf8");
  const next = await renderConfigDoc(current, file);
  if (process.argv.includes("--check")) {
    if (next !== current) {
      console.error("docs/configuration.md is stale: run npm run docs:config");
      process.exit(1);
    }
  } else if (next !== current) {
    fs.writeFileSync(file, next);
    console.log("docs/configuration.md updated");
  }
}

void main();
