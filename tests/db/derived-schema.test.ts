import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema } from "../../lib/platform/db/derive";
import { ROOT } from "../support/app";

describe("one source of truth for the data model", () => {
  it("prisma/postgres/schema.prisma is exactly what db:derive makes from prisma/schema.prisma", () => {
    const source = fs.readFileSync(`${ROOT}/prisma/schema.prisma`, "utf8");
    const derived = fs.readFileSync(`${ROOT}/prisma/postgres/schema.prisma`, "utf8");
    expect(derived).toBe(derivePostgresSchema(source));
    expect(derived).toContain('provider = "postgresql"');
  });

  it("both providers' migrations are up to date with the schema (db:derive --check)", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/derive-schema.ts", "--check"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(out).toContain("up to date");
  });

  it("the check fails when the schema changes without a migration", () => {
    const source = fs.readFileSync(`${ROOT}/prisma/schema.prisma`, "utf8");
    const changed = source.replace("model Team {", "model Team {\n  nickname String?");
    expect(changed).not.toBe(source);
    expect(derivePostgresSchema(changed)).not.toBe(
      fs.readFileSync(`${ROOT}/prisma/postgres/schema.prisma`, "utf8"),
    );
  });
});
