// `statline mcp`: the MCP server (lib/mcp, TypeScript) on stdio, loaded through tsx so the CLI
// needs no build step. The key comes from STATLINE_API_KEY or the credentials file `statline login` wrote.
import fs from "node:fs";
import { tsImport } from "tsx/esm/api";

export async function mcp(flags) {
  const { runMcp } = await tsImport("../../lib/mcp/main.ts", import.meta.url);
  const { version } = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  await runMcp({ baseUrl: flags["base-url"], version });
  return 0;
}
