// postinstall: generates the Prisma clients for both providers, offline.
// `prisma generate` only checks that PRISMA_SCHEMA_ENGINE_BINARY names an existing file (it never
// runs it), which stops it from trying to download a native engine.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.resolve("package.json"),
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
for (const schema of ["prisma/schema.prisma", "prisma/postgres/schema.prisma"]) {
  if (!existsSync(schema)) throw new Error(`${schema} is missing`);
  execFileSync(process.execPath, [cli, "generate", "--schema", schema], {
    stdio: ["ignore", "ignore", "inherit"],
    env,
  });
}
console.log("generated Prisma clients (sqlite, postgres)");
