import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { routes } from "../../lib/api/routes";
import { recordChanges } from "../../lib/events/changes";
import { TOOLS } from "../../lib/mcp/tools";
import { call, expectOk } from "../support/api";
import { ROOT, startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { buildFixture, type Fixture } from "../support/fixtures";

// `statline mcp` as a child process, started from the config block in docs/mcp-config.json (the one
// the README shows) and driven by the MCP SDK's own client. Results are checked against /v1.
let fx: Fixture;
let app: RunningApp;
let key: string;
let configDir: string;
const open: Client[] = [];

beforeAll(async () => {
  fx = await buildFixture();
  key = createUnlimitedKey(fx.url, "mcp@example.com");
  app = await startApp({ databaseUrl: fx.url });
  // The key where `statline login` puts it (bin/cli/store.mjs), so the documented config needs no secret.
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-mcp-"));
  fs.writeFileSync(
    path.join(configDir, "credentials.json"),
    JSON.stringify({ base_url: app.baseUrl, api_key: key, key_prefix: key.slice(0, 16) }),
    { mode: 0o600 },
  );
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await app?.stop();
  await fx?.db.$disconnect();
});

/** Starts the server exactly as docs/mcp-config.json says, with this checkout's path and server. */
async function connect(env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, "docs/mcp-config.json"), "utf8"));
  const server = config.mcpServers.statline as {
    command: string;
    args: string[];
    env: Record<string, string>;
  };
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args.map((a) => a.replace("/path/to/statline", ROOT)),
    env: {
      PATH: process.env.PATH!,
      HOME: configDir,
      ...server.env,
      STATLINE_BASE_URL: app.baseUrl,
      STATLINE_CONFIG_DIR: configDir,
      ...env,
    },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d) => (stderr += d));
  const client = new Client({ name: "statline-test", version: "1.0.0" });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Structured = any;
async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: Boolean(result.isError),
    s: result.structuredContent as Structured,
    text: (result.content as { type: string; text: string }[]).map((c) => c.text),
  };
}
const v1 = async (p: string, k = key) => expectOk(await call(app.baseUrl, p, { key: k }), p);

let client: Client;
describe("statline mcp over stdio, from docs/mcp-config.json", () => {
  beforeAll(async () => {
    const c = await connect();
    client = c.client;
    expect(c.stderr()).toContain(`key ${key.slice(0, 16)}… from ${path.join(configDir, "credentials.json")}`);
    expect(c.stderr()).not.toContain(key);
  });

  test("lists one read-only tool per /v1 read endpoint, with the endpoint's own parameters", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    const covered = new Set(TOOLS.map((t) => t.path));
    // Streams (GET /v1/stream) are not tools: an MCP call returns one result, not an open stream.
    for (const r of routes)
      if (!r.public && !r.openapi?.stream) expect(covered, r.pattern).toContain(r.pattern);
    const doc = (await call(app.baseUrl, "/v1/openapi.json")).body;
    for (const t of TOOLS) {
      const listed = tools.find((x) => x.name === t.name)!;
      expect(listed.annotations?.readOnlyHint).toBe(true);
      // Path and query parameters only: If-None-Match (a header) is not a tool argument.
      const params = (
        doc.paths[t.path].get.parameters as { name: string; in: string; required: boolean }[]
      ).filter((p) => p.in !== "header");
      expect(Object.keys(listed.inputSchema.properties ?? {}).sort()).toEqual(
        params.map((p) => p.name).sort(),
      );
      expect([...(listed.inputSchema.required ?? [])].sort()).toEqual(
        params
          .filter((p) => p.required)
          .map((p) => p.name)
          .sort(),
      );
    }
    const odds = tools.find((x) => x.name === "contest_odds_history")!;
    expect(odds.inputSchema.properties?.interval).toMatchObject({
      enum: ["raw", "1m", "5m", "15m", "1h", "1d"],
    });
  });

  test("search_persons equals GET /v1/persons, and says how to get the next page", async () => {
    const all = await v1("/v1/persons?q=mbappe");
    const r = await tool(client, "search_persons", { q: "mbappe" });
    expect(r.isError).toBe(false);
    expect(r.s.data).toEqual(all);
    expect(JSON.parse(r.text[0])).toEqual(all);
    expect(r.s.meta.request_id).toMatch(/^req_/);

    // Page through a broad search with the hints alone: every row once, in /v1's order.
    const expected = await v1("/v1/persons?q=a&limit=200");
    const seen: string[] = [];
    let args: Record<string, unknown> = { q: "a", limit: 40 };
    for (let page = 0; page < 20; page++) {
      const p = await tool(client, "search_persons", args);
      seen.push(...p.s.data.items.map((x: { id: string }) => x.id));
      if (!p.s.result.truncated) break;
      const offset = /offset=(\d+)/.exec(p.s.result.how_to_get_more)![1];
      expect(p.text[1]).toContain(`offset=${offset}`);
      args = { ...args, offset };
    }
    expect(seen).toEqual(expected.items.slice(0, expected.total).map((x: { id: string }) => x.id));
    expect(new Set(seen).size).toBe(expected.total);
  });

  test("get_standings equals GET /v1/standings; list tools return the whole scope", async () => {
    const r = await tool(client, "get_standings", { competition: String(fx.ids.league) });
    expect(r.isError).toBe(false);
    expect(r.s.data).toEqual(await v1(`/v1/standings?competition=${fx.ids.league}`));
    expect(r.s.data.items.length).toBeGreaterThan(0);
    expect(r.s.result.truncated).toBe(false);
  });

  test("contest_odds_history pages by cursor to exactly the database's rows", async () => {
    const rows = await fx.db.oddsPoint.findMany({
      where: { contestId: fx.ids.oddsContest },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const ids: string[] = [];
    let args: Record<string, unknown> = { id: String(fx.ids.oddsContest), limit: 400 };
    let pages = 0;
    for (;;) {
      const r = await tool(client, "contest_odds_history", args);
      expect(r.isError, r.text.join()).toBe(false);
      pages++;
      ids.push(...r.s.data.items.map((x: { id: string }) => x.id));
      if (!r.s.data.next_cursor) {
        expect(r.s.result.truncated).toBe(false);
        break;
      }
      expect(r.s.result.how_to_get_more).toContain(`cursor="${r.s.data.next_cursor}"`);
      args = { ...args, cursor: r.s.data.next_cursor };
    }
    expect(pages).toBe(Math.ceil(rows.length / 400));
    expect(ids).toEqual(rows.map((r) => String(r.id)));
  });

  test("a page too big for one tool result is cut, says so, and offers no cursor that would skip points", async () => {
    const full = await v1(`/v1/contests/${fx.ids.oddsContest}/odds/history?limit=1000`);
    const r = await tool(client, "contest_odds_history", { id: String(fx.ids.oddsContest), limit: 1000 });
    expect(r.isError).toBe(false);
    expect(r.text[0].length).toBeLessThanOrEqual(100_000);
    const shown = r.s.result.items_shown;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(1000);
    expect(r.s.data.items).toEqual(full.items.slice(0, shown));
    expect(r.s.data.next_cursor).toBeNull();
    expect(r.s.result.truncated).toBe(true);
    expect(r.text[1]).toMatch(/Only \d+ of this page's 1000 points fit .* smaller limit/);
  });

  test("list_changes pages a feed bigger than one result to exactly /v1/changes, in its words, and ends", async () => {
    // 801 changes of ~400 characters each: a limit=1000 page is ~3x what one result holds.
    const contestId = 970001;
    await fx.db.$transaction((tx) =>
      recordChanges(
        tx,
        Array.from({ length: 801 }, (_, i) => ({
          type: "contest.updated" as const,
          resourceId: contestId,
          competitionId: null,
          contestId,
          data: { n: i, note: "x".repeat(300) },
        })),
      ),
    );
    const expected: string[] = [];
    for (let cursor = ""; ;) {
      const page = await v1(`/v1/changes?contest=${contestId}&limit=1000${cursor}`);
      expected.push(...page.items.map((x: { id: string }) => x.id));
      if (!page.has_more) break;
      cursor = `&cursor=${encodeURIComponent(page.next_cursor)}`;
    }
    expect(expected.length).toBe(801);
    const seen: string[] = [];
    let args: Record<string, unknown> = { contest: String(contestId), limit: 1000 };
    let calls = 0;
    for (; calls < 20; calls++) {
      const r = await tool(client, "list_changes", args);
      expect(r.isError, r.text.join()).toBe(false);
      expect(r.text[0].length).toBeLessThanOrEqual(100_000);
      expect(r.s.data).not.toHaveProperty("next_before");
      expect(r.text[1]).not.toMatch(/points/);
      seen.push(...r.s.data.items.map((x: { id: string }) => x.id));
      expect(typeof r.s.data.next_cursor).toBe("string");
      if (!r.s.data.has_more) {
        expect(r.s.result.truncated).toBe(false);
        break;
      }
      expect(r.s.result.truncated).toBe(true);
      expect(r.text[1]).toMatch(/^More changes exist: call list_changes again .* cursor="/);
      args = { ...args, cursor: r.s.data.next_cursor };
    }
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual(expected);
  });

  test("API errors come back as tool errors with code, message and request id", async () => {
    const r = await tool(client, "list_contests", {});
    expect(r.isError).toBe(true);
    expect(r.s.error).toMatchObject({ code: "INVALID_PARAMETER", status: 400 });
    expect(r.s.error.request_id).toMatch(/^req_/);
    expect(r.text[0]).toMatch(/^INVALID_PARAMETER: .+ \(request req_/);
    const missing = await tool(client, "get_person", { id: "999999" });
    expect(missing.s.error).toMatchObject({ code: "NOT_FOUND", message: "Person 999999 not found" });
  });

  test("arguments the endpoint does not take are refused before any request", async () => {
    const r = await tool(client, "search_persons", { q: "a", colour: "red" });
    expect(r.isError).toBe(true);
    expect(r.text.join()).toMatch(/colour|unrecognized/i);
    expect((await tool(client, "search_persons", { q: "mbappe" })).isError).toBe(false);
  });
});

describe("keys", () => {
  test("a key revoked mid-session gives a clear tool error, and the server keeps serving", async () => {
    const doomed = createUnlimitedKey(fx.url, "mcp-revoked@example.com");
    const { client: c } = await connect({ STATLINE_API_KEY: doomed });
    expect((await tool(c, "list_competitions")).isError).toBe(false);
    admin(fx.url, "key", "revoke", doomed.slice(0, 16));
    await new Promise((r) => setTimeout(r, 1500)); // revocation takes effect within 1 s
    const r = await tool(c, "list_competitions");
    expect(r.isError).toBe(true);
    expect(r.s.error).toMatchObject({ code: "UNAUTHORIZED", message: "Invalid API key", status: 401 });
    expect(r.s.error.request_id).toMatch(/^req_/);
    await expect(c.ping()).resolves.toBeDefined();
    expect((await c.listTools()).tools.length).toBe(TOOLS.length);
  }, 180_000); // admin CLI runs and server starts: slow on a loaded machine

  test("no key anywhere: the tool error says how to get one", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "statline-mcp-empty-"));
    const { client: c, stderr } = await connect({ STATLINE_CONFIG_DIR: empty, HOME: empty });
    const r = await tool(c, "search_persons", { q: "a" });
    expect(r.s.error).toMatchObject({ code: "UNAUTHORIZED", message: "API key required" });
    expect(r.text[0]).toContain("statline login");
    expect(r.text[0]).toContain("STATLINE_API_KEY");
    expect(stderr()).toContain("no API key");
  }, 180_000); // admin CLI runs and server starts: slow on a loaded machine
});

test("every tool call was one ordinary metered /v1 request", async () => {
  const metered = createUnlimitedKey(fx.url, "mcp-metered@example.com");
  const { client: c } = await connect({ STATLINE_API_KEY: metered });
  await tool(c, "list_competitions");
  await tool(c, "search_persons", { q: "mbappe" });
  await tool(c, "contest_odds_history", { id: String(fx.ids.oddsContest), limit: 10 });
  await tool(c, "get_person", { id: "999999" });
  const want = {
    "/v1/competitions": { requests: 1, units: 1 },
    "/v1/persons": { requests: 1, units: 1 },
    "/v1/contests/{id}/odds/history": { requests: 1, units: 5 },
    "/v1/persons/{id}": { requests: 1, units: 0 },
  };
  let got: unknown;
  for (let i = 0; i < 40; i++) {
    const totals = JSON.parse(
      admin(fx.url, "usage", "--email", "mcp-metered@example.com", "--key", metered.slice(0, 16), "--json"),
    );
    got = totals.by_endpoint;
    if (totals.requests >= 4) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(got).toEqual(want);
}, 180_000); // admin CLI runs and server starts: slow on a loaded machine
