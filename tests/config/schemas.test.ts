// The request schemas shared by a route and the dashboard (lib/<feature>/schemas.ts, imported by
// app/api/dashboard routes and by components/): the dashboard's client bundle takes them, so what
// they import (followed through every value import) must be zod and pure modules, never a Node
// built-in, the database, the configuration or a server-only package.
import fs from "node:fs";
import path from "node:path";
import { builtinModules } from "node:module";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/app";

const SERVER_ONLY = [
  /^@prisma\//,
  /^@simplewebauthn\/server/,
  /^next-auth/,
  /^ioredis/,
  /^pg/,
  /^nodemailer/,
];
/**
 * The platform (configuration, database, Redis, logging, the error class) is server code, except
 * lib/platform/zod.ts: zod as the schemas take it (jitless in the browser).
 */
const SERVER_PATHS = [/^lib\/platform\/(?!zod\.ts$)/];
const BUILTIN = new Set(builtinModules);

/** The modules a file imports for values (not `import type` / `export type`), as written. */
function valueImports(source: string): string[] {
  const out: string[] = [];
  const re = /^(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const m of source.matchAll(re)) if (!m[1]) out.push(m[2]);
  return out;
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? spec.slice(2)
    : spec.startsWith(".")
      ? path.posix.join(path.posix.dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (fs.existsSync(path.join(ROOT, candidate))) return candidate;
  throw new Error(`${from}: cannot resolve ${spec}`);
}

/** Every problem on the value-import graph from `root`: a server module or package reached. */
function serverReach(root: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (SERVER_PATHS.some((p) => p.test(file))) problems.push([...trail, file].join(" -> "));
    for (const spec of valueImports(fs.readFileSync(path.join(ROOT, file), "utf8"))) {
      const local = resolve(file, spec);
      if (local) walk(local, [...trail, file]);
      else if (spec.startsWith("node:") || BUILTIN.has(spec) || SERVER_ONLY.some((p) => p.test(spec)))
        problems.push([...trail, file, spec].join(" -> "));
    }
  };
  walk(root, []);
  return problems;
}

/** lib/<feature>/schemas.ts files that components/ imports (for values or types). */
function sharedSchemas(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) visit(rel);
      else if (/\.tsx?$/.test(e.name))
        for (const m of fs
          .readFileSync(path.join(ROOT, rel), "utf8")
          .matchAll(/["']@\/(lib\/[\w-]+\/schemas)["']/g))
          found.add(`${m[1]}.ts`);
    }
  };
  visit("components");
  return [...found].sort();
}

describe("request schemas shared by routes and the dashboard", () => {
  it("are the dashboard's schema modules, one per resource", () => {
    expect(sharedSchemas()).toEqual([
      "lib/auth/schemas.ts",
      "lib/keys/schemas.ts",
      "lib/operator/schemas.ts",
      "lib/passkeys/schemas.ts",
      "lib/webhooks/schemas.ts",
      "lib/workspaces/schemas.ts",
    ]);
  });

  it.each(sharedSchemas())("%s reaches no server code", (file) => {
    expect(serverReach(file)).toEqual([]);
  });

  it("finds a server import when there is one (the check can fail)", () => {
    expect(serverReach("lib/keys/options.ts").some((p) => p.endsWith("node:net"))).toBe(true);
  });

  it("routes validate with the shared schemas instead of retyping them", () => {
    const routes = [
      "app/api/dashboard/keys/route.ts",
      "app/api/dashboard/keys/[id]/roll/route.ts",
      "app/api/dashboard/webhooks/route.ts",
      "app/api/dashboard/webhooks/[id]/route.ts",
      "app/api/dashboard/webhooks/[id]/roll-secret/route.ts",
      "app/api/dashboard/reauth/route.ts",
      "app/api/dashboard/password/route.ts",
      "app/api/dashboard/members/invitations/route.ts",
      "app/api/operator/accounts/route.ts",
      "app/api/operator/accounts/[id]/suspend/route.ts",
    ];
    for (const r of routes)
      expect(fs.readFileSync(path.join(ROOT, r), "utf8"), r).not.toMatch(/\bz\.(object|strictObject)\(/);
  });
});
