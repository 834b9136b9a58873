import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { API_KEY_ENV, openapi, type GetPath, type StatlineClient } from "../../sdk/src/index";
import { errorResult, isChangeFeed, itemsThatFit, okResult } from "./result";
import { toolInput } from "./schema";
import { TOOLS } from "./tools";

type Json = Record<string, unknown>;
type LooseGet = (
  path: GetPath,
  init: { params: { path: Json; query: Json } },
) => Promise<{ data: unknown; meta: Json }>;

const NO_KEY_HINT = `No API key was found: set ${API_KEY_ENV}, or run \`statline login\` once and restart the MCP server`;

/** Query values go on the wire as text; the API validates them and names a bad one in its 400. */
const wire = (v: unknown) =>
  typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v);

/** Remote /mcp: the client of the call's verified OAuth principal (lib/mcp/http/sessions.ts). */
export type ClientFor = (authInfo: AuthInfo | undefined) => StatlineClient;

/**
 * The Statline MCP server: one tool per read endpoint. Each call is one ordinary /v1 request made
 * with the caller's key (authenticated, rate-limited and metered like any other), through the SDK
 * (retries on 429/503 with Retry-After, typed errors). Remote /mcp passes a ClientFor instead:
 * each call then runs as the principal of that request's OAuth token.
 */
export function createMcpServer(
  clientOrFactory: StatlineClient | ClientFor,
  version: string,
  doc: Json = openapi,
): McpServer {
  const server = new McpServer(
    { name: "statline", title: "Statline sports statistics", version },
    {
      instructions:
        "Read-only sports statistics (competitions, editions, contests, persons, teams, rosters, standings, odds history, stat-boards). " +
        "Ids are strings; walk from list_competitions to editions, contests and standings. Results say when they are truncated " +
        "and how to get more (offset for persons/teams, cursor for odds history and the change feed).",
    },
  );
  const paths = doc.paths as Record<string, { get?: { summary?: string; description?: string } }>;
  for (const tool of TOOLS) {
    const input = toolInput(doc, tool.path, tool.describe);
    const op = paths[tool.path]?.get ?? {};
    const description = [tool.hint, op.summary, op.description, `GET ${tool.path}`]
      .filter(Boolean)
      .join("\n\n");
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description,
        inputSchema: z.fromJSONSchema(input.schema as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodObject,
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      async (args: Json, extra: { authInfo?: AuthInfo }) => {
        const client =
          typeof clientOrFactory === "function" ? clientOrFactory(extra.authInfo) : clientOrFactory;
        const path: Json = {};
        const query: Json = {};
        for (const [name, value] of Object.entries(args)) {
          if (value === undefined || value === null) continue;
          if (input.pathParams.includes(name)) path[name] = wire(value);
          else query[name] = wire(value);
        }
        const get = (q: Json) =>
          (client.get as unknown as LooseGet)(tool.path as GetPath, { params: { path, query: q } });
        try {
          let body = await get(query);
          // The change feed's cursor resumes after a page's last change, so a page too large for
          // one result is asked for again with a limit that fits: its next_cursor then continues
          // exactly after the last change shown (the first n changes after a cursor never change).
          const fits = itemsThatFit(body.data as Json);
          const count = ((body.data as { items?: unknown[] }).items ?? []).length;
          if (isChangeFeed(body.data) && fits > 0 && fits < count)
            body = await get({ ...query, limit: String(fits) });
          return okResult(tool.name, body, args);
        } catch (err) {
          const hint =
            (err as { code?: string }).code === "UNAUTHORIZED" && !client.config.apiKey
              ? NO_KEY_HINT
              : undefined;
          return errorResult(err, hint);
        }
      },
    );
  }
  return server;
}
