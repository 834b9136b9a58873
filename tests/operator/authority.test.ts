import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { createClient, type Db } from "../../lib/platform/db/client";
import { SignInClient } from "../accounts/support";
import { copyTemplateDb, ROOT, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";

// Operator rights belong to the person: every app/api route and every console page, walked as
// signed out, a plain user, a member of an operator's workspace in each role (with and without the
// workspace header and `?w=`, beside the same member in an ordinary workspace) and the operator.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const password = "violet tractor anthem 42";
const ROLES = ["owner", "admin", "developer", "viewer"] as const;
const NOT_FOUND = { error: { code: "NOT_FOUND", message: "Not found" } };

interface Person {
  name: string;
  client: SignInClient;
  id: string;
  accountId: string;
}

let url: string;
let db: Db;
let app: RunningApp;
let operator: Person;
let plain: Person;
const members: Record<string, Person> = {};

async function person(name: string): Promise<Person> {
  const made = createUser(url, `${name}@authority.test`, password);
  const client = new SignInClient(app.baseUrl);
  expect((await client.credentials(`${name}@authority.test`, password)).status).toBe(200);
  return { name, client, ...made };
}

/** Every app/api route file as [method, path template] (the catch-all and next-auth's own aside). */
function apiRoutes(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name === "route.ts") {
        const source = fs.readFileSync(p, "utf8");
        const methods = [
          ...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g),
        ].map((m) => m[1]);
        const route = "/" + path.relative(path.join(ROOT, "app"), path.dirname(p)).split(path.sep).join("/");
        for (const method of methods) out.push([method, route]);
      }
    }
  };
  walk(path.join(ROOT, "app", "api"));
  return out;
}

/** A concrete path: the plain user's account where an operator route names an account. */
const concrete = (template: string) =>
  template
    .replace("[[...path]]", "no-such-route")
    .replace(/\/accounts\/\[id\]/, `/accounts/${plain.accountId}`)
    .replace("/plans/[name]", "/plans/free")
    .replace(/\[[^\]]+\]/g, "x");

/** Bodies that would change something if the console answered (they are refused with 404). */
const OPERATOR_BODIES: Record<string, unknown> = {
  plan: { plan: "unlimited" },
  suspend: { reason: "hostile member" },
  operator: { operator: true },
  free: { label: "F", ratePerMinute: 1, burst: 1, monthlyUnits: 1 },
  aliases: { team: "Everton", alias: "The Toffees" },
  adjustments: { competition: "en.1", edition: "2023/24", team: "Everton", points: -8, reason: "x" },
};

type Variant = { label: string; header?: string; w?: string };

async function send(who: Person | null, method: string, route: string, variant: Variant) {
  const client = who?.client ?? new SignInClient(app.baseUrl);
  let target = concrete(route);
  if (variant.w) target += `${target.includes("?") ? "&" : "?"}w=${variant.w}`;
  const headers: Record<string, string> = { "content-type": "application/json", origin: app.baseUrl };
  if (who) headers["x-csrf-token"] = csrfTokenFor(who.id);
  if (variant.header) headers["x-statline-workspace"] = variant.header;
  const body =
    method === "GET" ? undefined : JSON.stringify(OPERATOR_BODIES[target.split("/").pop() ?? ""] ?? {});
  const res = await client.request(target, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // A page or an empty answer.
  }
  return { status: res.status, json };
}

// Answers 503 to anyone: it verifies GitHub's signature with keys it must fetch from GitHub.
const NEEDS_NETWORK = new Set(["/api/secret-scanning/github"]);

// Last, per person: they change the session or the membership the rest of the walk relies on (the
// page test runs first for the same reason).
const LAST = new Set(["/api/dashboard/members/leave", "/api/dashboard/sessions/revoke-all"]);

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  app = await startApp({ databaseUrl: url });
  operator = await person("operator");
  await db.account.update({ where: { id: operator.accountId }, data: { operator: true } });
  plain = await person("plain");
  for (const role of ROLES) {
    members[role] = await person(role);
    for (const workspace of [operator.accountId, plain.accountId])
      await db.membership.create({ data: { userId: members[role].id, accountId: workspace, role } });
  }
}, 600_000);

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

const snapshot = async () => ({
  accounts: await db.account.findMany({
    select: { id: true, plan: true, operator: true, suspendedAt: true },
    orderBy: { id: "asc" },
  }),
  ingestKeys: await db.apiKey.count({ where: { scopes: { contains: "ingest" } } }),
  aliases: await db.teamAlias.count({ where: { alias: "The Toffees" } }),
  freeRate: (await db.plan.findUniqueOrThrow({ where: { name: "free" } })).ratePerMinute,
});

describe("operator rights are the person's", () => {
  test("console pages: the ordinary 404 (status, title, text) for everyone but the operator; the sidebar links the console for the operator only", async () => {
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    // The not-found page's text.
    const NOT_FOUND_TEXT = ["Page not found", "There is no page at this address."];
    const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? null;
    const main = (html: string) => /<main[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? null;
    const missing = await new SignInClient(app.baseUrl).get("/no-such-page-at-all");
    const missingHtml = await missing.text();
    expect(missing.status).toBe(404);
    const pages = ["/operator", "/operator/plans", "/operator/data", "/operator/system"];
    pages.push(`/operator/accounts/${plain.accountId}`);
    const O = operator.accountId;
    const visitors: [SignInClient, Record<string, string>, string][] = [
      [new SignInClient(app.baseUrl), {}, "anonymous"],
      [plain.client, {}, "plain"],
      ...ROLES.flatMap((role): [SignInClient, Record<string, string>, string][] => [
        [members[role].client, {}, role],
        [members[role].client, { "x-statline-workspace": O }, `${role} header`],
      ]),
    ];
    for (const [client, headers, label] of visitors)
      for (const page of [...pages, ...pages.map((p) => `${p}?w=${O}`)]) {
        const res = await client.get(page, headers);
        const html = await res.text();
        expect(res.status, `${label} ${page}`).toBe(404);
        expect(title(html), `${label} ${page}`).toBe(title(missingHtml));
        for (const line of NOT_FOUND_TEXT) expect(html, `${label} ${page}`).toContain(line);
        // Signed out or in, the very page an unknown address gets (proxy.ts), not a shell the
        // payload fills in the browser.
        expect(h1(html), `${label} ${page}`).toBe(h1(missingHtml));
        expect(main(html), `${label} ${page}`).toBe(main(missingHtml));
        expect(html, `${label} ${page}`).not.toContain("Operator");
      }
    const console = await operator.client.get("/operator");
    expect(console.status).toBe(200);
    expect(title(await console.text())).toBe("Accounts · Operator · Statline");
    for (const role of ROLES) {
      const res = await members[role].client.get(`/dashboard?w=${O}`);
      expect(res.status, role).toBe(200);
      expect(await res.text(), role).not.toContain("Operator console");
    }
    const own = await operator.client.get("/dashboard");
    expect(await own.text()).toContain("Operator console");
  }, 600_000);

  test("every app/api route: only the operator reaches the console, and an operator's workspace grants its members nothing", async () => {
    const routes = apiRoutes().filter(([, r]) => r !== "/api/auth/[...nextauth]");
    expect(routes.length).toBeGreaterThan(60);
    const before = await snapshot();
    const O = operator.accountId;
    const C = plain.accountId;
    const ordered = [...routes.filter(([, r]) => !LAST.has(r)), ...routes.filter(([, r]) => LAST.has(r))];
    const outsiders: [Person | null, Variant[]][] = [
      [null, [{ label: "signed out" }, { label: "signed out, header", header: O }, { label: "?w=", w: O }]],
      [plain, [{ label: "none" }, { label: "header", header: O }, { label: "?w=", w: O }]],
    ];
    // Every departure is collected, so one run names them all.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => void (ok || problems.push(what));
    const judge = (route: string, r: { status: number; json: unknown }, where: string) => {
      if (route.startsWith("/api/operator/"))
        check(
          r.status === 404 && JSON.stringify(r.json) === JSON.stringify(NOT_FOUND),
          `${where}: ${r.status}`,
        );
      if (!NEEDS_NETWORK.has(route)) check(r.status < 500, `${where}: ${r.status}`);
    };
    await Promise.all([
      // Signed out and the plain user: every console route is the ordinary 404.
      ...outsiders.map(async ([who, variants]) => {
        // Leaving or signing out everywhere concern the person only; an outsider's would change
        // the members' workspaces under the comparison below.
        for (const [method, route] of ordered.filter(([, r]) => !LAST.has(r)))
          for (const variant of variants) {
            const r = await send(who, method, route, variant);
            judge(route, r, `${who?.name ?? "anonymous"} ${variant.label}: ${method} ${route}`);
          }
      }),
      // Each role, in the operator's workspace (O) and in an ordinary one (C): the same answers.
      ...ROLES.map(async (role) => {
        const who = members[role];
        for (const [method, route] of ordered) {
          const seen: Record<string, number> = {};
          for (const variant of [
            { label: "own workspace" },
            { label: "header O", header: O },
            { label: "header C", header: C },
            { label: "?w=O", w: O },
            { label: "?w=C", w: C },
          ] as Variant[]) {
            const r = await send(who, method, route, variant);
            seen[variant.label] = r.status;
            judge(route, r, `${role} ${variant.label}: ${method} ${route}`);
          }
          const where = `${role}: ${method} ${route}`;
          // A 429 is a per-address limit (the passkey challenge's: every role here shares
          // 127.0.0.1), not an answer about the workspace; the statuses on both sides are compared
          // only when neither is one.
          const same = (a: number, b: number) => a === b || a === 429 || b === 429;
          check(
            same(seen["header O"], seen["header C"]),
            `${where} header O ${seen["header O"]} vs C ${seen["header C"]}`,
          );
          check(same(seen["?w=O"], seen["?w=C"]), `${where} ?w=O ${seen["?w=O"]} vs ?w=C ${seen["?w=C"]}`);
        }
      }),
    ]);
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The operator reaches every console route (reads answer 200; the rest validate or act).
    for (const [method, route] of routes.filter(([, r]) => r.startsWith("/api/operator/"))) {
      const r = await send(operator, method, route, { label: "operator" });
      // Reads answer; an account's actions (a real account) are not the console's refusal. A
      // data row or team the seed lacks is the route's own 404.
      if (route.startsWith("/api/operator/accounts/"))
        expect(r.status, `operator: ${method} ${route}`).not.toBe(404);
      expect(r.status, `operator: ${method} ${route}`).toBeLessThan(500);
      if (method === "GET") expect(r.status, `operator: ${method} ${route}`).toBe(200);
    }
  }, 900_000);
});
