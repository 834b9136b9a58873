// The import rules of docs/architecture.md's layer table, as a checker over source texts (the real
// tree in tests/config/layers.test.ts, planted files in its self-test).
import path from "node:path";

const P = path.posix;

export type Layer = "edge" | "surface" | "feature" | "repository" | "platform";

/** The repository files: the sports reads and each feature's store (one file or one per aggregate). */
export const REPOSITORY_FILE = /^lib\/(repos\/[^/]+|[a-z-]+\/store|[a-z-]+\/store\/[^/]+)\.ts$/;
const SURFACE = /^lib\/(http|api|ingest|replay|consent|docs|mcp|sdk)\/|^lib\/auth\/route\.ts$/;
/** The HTTP surfaces that features must not reach into. */
const KEYED_SURFACES = /^lib\/(api|ingest|replay)\//;

export function layerOf(file: string): Layer {
  if (/^lib\/(platform|generated)\//.test(file)) return "platform";
  if (REPOSITORY_FILE.test(file)) return "repository";
  if (SURFACE.test(file)) return "surface";
  if (file.startsWith("lib/")) return "feature";
  return "edge";
}

/** The feature folder a lib file belongs to (`lib/keys`, `lib/sports`). */
const folderOf = (file: string) => file.split("/").slice(0, 2).join("/");

export interface Rule {
  name: string;
  /** Whether `from` importing `to` breaks the rule. */
  breaks(from: string, to: string): boolean;
}

export const RULES: Rule[] = [
  {
    name: "features never import an HTTP surface (lib/api, lib/ingest, lib/replay)",
    breaks: (from, to) => layerOf(from) === "feature" && KEYED_SURFACES.test(to),
  },
  {
    name: "repositories import only the platform and their own feature",
    breaks: (from, to) =>
      layerOf(from) === "repository" &&
      to.startsWith("lib/") &&
      layerOf(to) !== "platform" &&
      folderOf(to) !== folderOf(from),
  },
  {
    name: "the platform imports nothing above it",
    breaks: (from, to) => layerOf(from) === "platform" && to.startsWith("lib/") && layerOf(to) !== "platform",
  },
  {
    name: "/mcp reaches /v1 only through its in-process adapter",
    breaks: (from, to) =>
      from.startsWith("lib/mcp/") && to.startsWith("lib/api/") && to !== "lib/api/adapters/in-process.ts",
  },
];

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'\n]+)["']/g;

/** The repo file a specifier names, by TypeScript's bundler rules, or null (a package, or missing). */
export function resolveImport(from: string, spec: string, exists: (file: string) => boolean): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = P.normalize(P.join(P.dirname(from), spec));
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(c) && exists(c)) return c;
  return null;
}

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Every import of `sources` (path -> text) that breaks a rule. */
export function violations(sources: Record<string, string>, exists: (file: string) => boolean): Violation[] {
  const out: Violation[] = [];
  for (const [from, text] of Object.entries(sources)) {
    for (const m of text.matchAll(SPECIFIER)) {
      const to = resolveImport(from, m[1], exists);
      if (!to) continue;
      for (const rule of RULES) if (rule.breaks(from, to)) out.push({ rule: rule.name, from, to });
    }
  }
  return out;
}
