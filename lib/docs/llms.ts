// /llms.txt and /llms-full.txt (llmstxt.org): the guide an agent reads first, generated from the
// same OpenAPI document as GET /v1/openapi.json, so the three cannot disagree. Public, no key.
import { db } from "../platform/db";
import { perProcess } from "../platform/process-state";
import { operationsMarkdown, schemasMarkdown } from "./llms-reference";
import { routes } from "../api/routes";
import { RawJson } from "../api/types";

type Json = Record<string, unknown>;

/** The served document, parsed once per process (routes are static). */
export function openApiDocument(): Promise<Json> {
  return perProcess("llms.openapi", async () => {
    const route = routes.find((r) => r.pattern === "/v1/openapi.json");
    if (!route) throw new Error("no /v1/openapi.json route");
    const out = await route.handler({ query: {}, params: {}, caller: null, db });
    return JSON.parse(out instanceof RawJson ? out.json : JSON.stringify(out)) as Json;
  });
}

/** `## Heading` sections of the document's description, by heading. */
export function descriptionSections(description: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of description.split(/^## /m).slice(1)) {
    const nl = part.indexOf("\n");
    sections.set(part.slice(0, nl).trim(), part.slice(nl + 1).trim());
  }
  return sections;
}

const AGENT_ACCESS = (base: string) =>
  `
- Key: \`statline login --base-url ${base}\` (browser approval, no copy-paste; agents: \`statline login --start --json\`
  then \`statline login --complete\`) saves it to ~/.config/statline/credentials.json. Elsewhere set \`STATLINE_API_KEY\`
  (and \`STATLINE_BASE_URL=${base}\`): the one variable every Statline tool reads.
- MCP: \`statline mcp\` is a stdio MCP server with one read-only tool per endpoint (search_persons, get_standings,
  contest_odds_history, …); every tool call is an ordinary metered /v1 request.
- Remote MCP by URL alone: add \`${base}/mcp\` (Streamable HTTP) to an MCP client. It finds the OAuth 2.1 server
  (/.well-known/oauth-protected-resource/mcp), registers itself, and a signed-in user approves it in the browser; the
  connection then reads as its own API key (scopes, limits, metering) until revoked under Connected apps.
- TypeScript: \`@statline/sdk\` (sdk/ in the repository): typed client generated from the OpenAPI document, \`paginate()\`
  for limit/offset and cursor lists, retries that honour Retry-After on 429/503, errors with code, message and request id.
`.trim();

/** /llms.txt: what Statline is, authentication, the paging rules, and links. */
export function renderLlmsTxt(doc: Json, base: string): string {
  const info = (doc.info ?? {}) as Json;
  const sections = descriptionSections(String(info.description ?? ""));
  const section = (name: string) => (sections.has(name) ? [`## ${name}`, "", sections.get(name)!, ""] : []);
  const links: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const op = item.get as Json | undefined;
    if (op && path.startsWith("/v1/"))
      links.push(`- [GET ${path}](${base}/llms-full.txt): ${String(op.summary ?? "").replace(/\s+/g, " ")}`);
  }
  return [
    `# ${String(info.title ?? "Statline API").replace(/ API$/, "")}`,
    "",
    "> Self-hostable sports statistics data service. A read-only, versioned JSON API under /v1 over competitions, " +
      "editions (seasons), contests, persons, teams, rosters, standings, odds history and an analysis stat-board. " +
      "Every request carries an API key and is metered and rate-limited per key. Success bodies are {data, meta}; " +
      "errors are {error: {code, message}} with an X-Request-Id header.",
    "",
    `Base URL: ${base}. API version: ${String(info.version ?? "v1")} (in the path).`,
    "",
    "## Agent access",
    "",
    AGENT_ACCESS(base),
    "",
    ...section("Authentication"),
    ...section("Limits and paging"),
    ...section("Odds history cursor and interval"),
    "## Docs",
    "",
    `- [Full reference in Markdown](${base}/llms-full.txt): every endpoint, parameter, field and error`,
    `- [OpenAPI 3.1 document](${base}/v1/openapi.json): machine-readable, public`,
    `- [API reference page](${base}/docs): the same, rendered for people`,
    "",
    "## Endpoints",
    "",
    ...links,
    "",
  ].join("\n");
}

/** /llms-full.txt: the whole reference in Markdown. */
export function renderLlmsFullTxt(doc: Json, base: string): string {
  const info = (doc.info ?? {}) as Json;
  return [
    `# ${String(info.title ?? "Statline API")} (${String(info.version ?? "v1")}): full reference`,
    "",
    `Base URL: ${base}. Generated from ${base}/v1/openapi.json; a shorter guide is at ${base}/llms.txt.`,
    "",
    "## Agent access",
    "",
    AGENT_ACCESS(base),
    "",
    String(info.description ?? "").trim(),
    "",
    "## Endpoints",
    "",
    ...operationsMarkdown(doc),
    "## Schemas",
    "",
    ...schemasMarkdown(doc),
  ].join("\n");
}
