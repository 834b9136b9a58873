// `statline mcp`: the MCP server on stdio. stdout carries the protocol only; messages go to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { API_KEY_ENV, createClient } from "../../sdk/src/index";
import { createMcpServer } from "./server";

export async function runMcp(options: { baseUrl?: string; version: string }): Promise<void> {
  const client = createClient({
    baseUrl: options.baseUrl,
    // An agent waits on the call: retry briefly, then hand back the error with its retry_after.
    retry: { maxRetries: 2, maxDelayMs: 10_000 },
  });
  const { baseUrl, apiKey, keySource, keyRefused } = client.config;
  process.stderr.write(
    apiKey
      ? `statline mcp: ${baseUrl}, key ${apiKey.slice(0, 16)}… from ${keySource}\n`
      : keyRefused
        ? `statline mcp: ${keyRefused}; tool calls will fail with CREDENTIALS_ORIGIN_MISMATCH\n`
        : `statline mcp: ${baseUrl}, no API key (set ${API_KEY_ENV} or run \`statline login\`); tool calls will fail with UNAUTHORIZED\n`,
  );
  const server = createMcpServer(client, options.version);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The client ends the session by closing stdin.
  await new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  await server.close();
}
