// The route rule of docs/architecture.md, checked on every route handler file under app/: each
// exported method handler is made by route() (lib/auth/route.ts) or one of its presets, so who may
// call, CSRF, input validation and the error body are decided in one place. Three surfaces have
// their own pipeline and are named here with the reason.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/app";

/** The wrappers, each defined by calling route() (or another wrapper) in its file. */
const WRAPPERS: Record<string, string> = {
  route: "lib/auth/route.ts",
  dashboardRoute: "lib/auth/route.ts",
  handoffRoute: "lib/handoff/http.ts",
  operatorRoute: "lib/operator/access.ts",
  consentRoute: "lib/consent/route.ts",
};

/** Surfaces with their own pipeline and error model, by the handler their route files export. */
const OWN_PIPELINE: Record<string, string> = {
  handleNextRequest: "/v1 under `next start`: the key-authenticated /v1 pipeline (lib/api/pipeline.ts)",
  opsRouteHandler:
    "/healthz, /readyz, /metrics: answered before Next by server.ts (lib/platform/ops.ts, serveOps)",
};
/** next-auth's own sign-in protocol: its handler is the library's. */
const NEXT_AUTH = "app/api/auth/[...nextauth]/route.ts";

const METHOD = "(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)";
const made = (name: string) => name in WRAPPERS || name in OWN_PIPELINE;

/** The exported method handlers of a route file that are not made by a wrapper (empty: all are). */
export function handRolled(source: string): string[] {
  const bad: string[] = [];
  for (const m of source.matchAll(new RegExp(`export\\s+(?:async\\s+)?function\\s+${METHOD}\\b`, "g")))
    bad.push(`${m[1]}: a hand-written function`);
  for (const m of source.matchAll(new RegExp(`export\\s+const\\s+${METHOD}\\s*=\\s*([^\\n]*)`, "g"))) {
    const [, method, rest] = m;
    const call = /^(\w+)\s*(?:<[^(]*>)?\(/.exec(rest)?.[1];
    const alias = /^(\w+)\s*;/.exec(rest)?.[1];
    // An alias of a local const or of another export (`const notFound = route(…)`, `HEAD = GET`).
    const aliased =
      alias &&
      new RegExp(`(?:^|\\n)(?:export\\s+)?const\\s+${alias}\\s*=\\s*(\\w+)\\s*\\(`).exec(source)?.[1];
    const wrapper = call ?? aliased ?? alias;
    if (!wrapper || !made(wrapper)) bad.push(`${method}: ${rest.slice(0, 60)}`);
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g))
    for (const part of m[1].split(",")) {
      const [local, exported = local] = part.split(/\s+as\s+/).map((s) => s.trim());
      if (new RegExp(`^${METHOD}$`).test(exported)) bad.push(`${exported}: re-exported ${local}`);
    }
  return bad;
}

function routeFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) routeFiles(rel, out);
    else if (e.name === "route.ts") out.push(rel);
  }
  return out;
}

describe("one route wrapper", () => {
  const files = routeFiles("app");

  it("every route handler under app/ is made by route() or a preset of it", () => {
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .filter((f) => f !== NEXT_AUTH)
      .flatMap((f) => handRolled(fs.readFileSync(path.join(ROOT, f), "utf8")).map((why) => `${f} ${why}`));
    expect(offenders).toEqual([]);
  });

  it("each preset is built on route()", () => {
    for (const [name, file] of Object.entries(WRAPPERS)) {
      if (name === "route") continue;
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      const definition = new RegExp(
        `export (?:const ${name}\\b[^]*?=>|function ${name}\\b)[^]*?\\b(route|dashboardRoute)\\(`,
      );
      expect(definition.test(source), `${name} in ${file}`).toBe(true);
    }
  });

  it("no route answers an error body by hand", () => {
    const offenders = files.filter((f) =>
      /\{\s*error:\s*\{\s*code:|dashboardError|handoffJson\(\s*4/.test(
        fs.readFileSync(path.join(ROOT, f), "utf8"),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("the check catches a hand-written handler, an unknown wrapper and a re-export", () => {
    expect(handRolled("export async function POST(request: Request) {}")).toHaveLength(1);
    expect(handRolled("export const GET = (request: Request) => new Response('x');")).toHaveLength(1);
    expect(handRolled("export const GET = myWrapper(null, async () => 1);")).toHaveLength(1);
    expect(handRolled("const handler = () => 1;\nexport { handler as GET };")).toHaveLength(1);
    expect(handRolled("export const POST = dashboardRoute(null, async () => 1);")).toEqual([]);
    expect(handRolled("const nf = route({ auth: 'protocol' }, f);\nexport const GET = nf;")).toEqual([]);
  });
});
