import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "./support/app";

// The README's SDK example and MCP config block are copies of files the tests run
// (tests/sdk/pack.test.ts runs the example, tests/mcp/mcp.test.ts starts the server from the config).
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), "utf8");
const fence = (lang: string, body: string) => "```" + lang + "\n" + body + "```";

test("README shows sdk/examples/quickstart.ts verbatim, a short example", () => {
  const example = read("sdk/examples/quickstart.ts");
  expect(read("README.md")).toContain(fence("ts", example));
  expect(read("sdk/README.md")).toContain(fence("ts", example));
  expect(example.trim().split("\n").length).toBeLessThanOrEqual(12);
});

test("README and docs/mcp.md show docs/mcp-config.json verbatim", () => {
  const config = read("docs/mcp-config.json");
  expect(read("README.md")).toContain(fence("json", config));
  expect(read("docs/mcp.md")).toContain(fence("json", config));
  const server = JSON.parse(config).mcpServers.statline;
  expect(server.args).toEqual(["/path/to/statline/bin/statline.mjs", "mcp"]);
  // No secret in a config file that gets copied around: the key comes from `statline login` or the env.
  expect(config).not.toMatch(/sk_(live|test)_/);
});

test("README stays a first page: under 10 KB, the rest in docs/", () => {
  const readme = read("README.md");
  expect(Buffer.byteLength(readme)).toBeLessThan(10 * 1024);
  for (const link of readme.matchAll(/\]\((docs\/[a-z-]+\.md)\)/g)) expect(() => read(link[1])).not.toThrow();
});
