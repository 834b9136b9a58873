import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, MODES, type Mode } from "../support/api";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";

// /llms.txt and /llms-full.txt: public, plain text, generated from the served OpenAPI document.
const apps = {} as Record<Mode, RunningApp>;
beforeAll(async () => {
  const url = copyTemplateDb(ensureTemplateDb());
  const started = await Promise.all(MODES.map((mode) => startApp({ databaseUrl: url, mode })));
  MODES.forEach((m, i) => (apps[m] = started[i]));
});
afterAll(() => Promise.all(Object.values(apps).map((a) => a.stop())));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;
/** node:http rather than fetch: fetch does not let a caller set Host, which a proxy in front would. */
const get = (mode: Mode, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; type: string | undefined; text: string }>((resolve, reject) => {
    http
      .get(apps[mode].baseUrl + path, { headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], text }),
        );
      })
      .on("error", reject);
  });

describe.each(MODES)("%s server", (mode) => {
  test("both files are public plain text, and links use the host the reader used", async () => {
    for (const path of ["/llms.txt", "/llms-full.txt"]) {
      const r = await get(mode, path);
      expect(r.status, path).toBe(200);
      expect(r.type).toBe("text/plain; charset=utf-8");
      expect(r.text).toContain(`${apps[mode].baseUrl}/v1/openapi.json`);
      const proxied = await get(mode, path, { "X-Forwarded-Proto": "https", Host: "stats.example.com" });
      expect(proxied.text).toContain("https://stats.example.com/v1/openapi.json");
      expect(proxied.text).not.toContain(apps[mode].baseUrl);
    }
  });
});

describe("content, against the served document", () => {
  let doc: Doc;
  let short: string;
  let full: string;
  beforeAll(async () => {
    doc = (await call(apps.lean.baseUrl, "/v1/openapi.json")).body;
    short = (await get("lean", "/llms.txt")).text;
    full = (await get("lean", "/llms-full.txt")).text;
  });

  test("llms.txt: what Statline is, auth with the spec's messages, the paging rules, links (llmstxt.org shape)", () => {
    expect(short).toMatch(/^# Statline\n\n> .*sports statistics/);
    expect(short).toContain("X-API-Key");
    expect(short).toContain("Authorization: Bearer");
    expect(short).toContain("API key required");
    expect(short).toContain("Invalid API key");
    expect(short).toContain("offset += limit until offset + items.length >= total");
    expect(short).toContain("next_cursor");
    expect(short).toContain("STATLINE_API_KEY");
    expect(short).toContain("statline mcp");
    const base = apps.lean.baseUrl;
    expect(short).toContain(`[Full reference in Markdown](${base}/llms-full.txt)`);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>))
      if (path.startsWith("/v1/"))
        expect(short).toContain(`GET ${path}](${base}/llms-full.txt): ${item.get.summary}`);
    expect(short.length).toBeLessThan(full.length / 2);
  });

  test("llms-full.txt: every operation, every parameter with its type, every schema and field", () => {
    expect(full).toContain(doc.info.description.trim());
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      if (!path.startsWith("/v1/")) continue;
      const at = full.indexOf(`### GET ${path}\n`);
      expect(at, path).toBeGreaterThan(0);
      const section = full.slice(at, full.indexOf("\n### ", at + 5));
      expect(section).toContain(item.get.summary);
      for (const p of item.get.parameters ?? []) {
        const param = p.$ref ? doc.components.parameters[p.$ref.split("/").pop()] : p;
        // The tables list path and query parameters; If-None-Match (a header) is in the 304 line.
        if (param.in === "header") continue;
        expect(section, `${path} ${param.name}`).toContain(
          `| \`${param.name}\` | ${param.in} | ${param.required ? "yes" : "no"} |`,
        );
      }
    }
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Doc>)) {
      expect(full, name).toContain(`### ${name}\n`);
      for (const field of Object.keys(schema.properties ?? {})) expect(full).toContain(`| \`${field}\` |`);
    }
    expect(full).toContain("| `observed_at` | `string");
    expect(full).toContain("Response: `{ data: PersonsData, meta: Meta }`");
  });
});
