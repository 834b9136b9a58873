import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../../lib/mcp/server";

const ROOT = path.resolve(__dirname, "../..");

describe("docs/mcp.md's tools", () => {
  it("the table is what the official client's tools/list answers: every tool served, with its endpoint", async () => {
    // Listing calls no tool, so no /v1 client is ever made.
    const server = createMcpServer(() => {
      throw new Error("no tool is called here");
    }, "test");
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "docs-check", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const { tools } = await client.listTools();
    await client.close();
    // Each tool's description ends with its request line, `GET /v1/…` (lib/mcp/server.ts).
    const served = tools.map((t) => [t.name, /GET (\S+)$/.exec(t.description ?? "")?.[1]]).sort();
    const doc = fs.readFileSync(path.join(ROOT, "docs/mcp.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Tools"), doc.indexOf("## Results"));
    const documented = [...section.matchAll(/^\| `(\w+)` +\| `([^`]+)` +\|/gm)]
      .map((m) => [m[1], m[2]])
      .sort();
    expect(served.length).toBeGreaterThan(20);
    expect(documented).toEqual(served);
    expect(section).toContain(`${tools.length} in all`);
  });
});
