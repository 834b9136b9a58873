import type { RequestLogView } from "@/lib/requestlog/query";

/** The one name for the key's environment variable: dashboard, docs, README and CLI output. */
export const KEY_VARIABLE = "STATLINE_API_KEY";

/** Escapes text for a double-quoted POSIX shell word (where $ and ` would expand). */
const shellQuoted = (s: string) => s.replace(/[\\"$`]/g, (c) => `\\${c}`);

/**
 * A curl line that repeats the request. The key is never in a log, so the command reads it from
 * $STATLINE_API_KEY; a key cut to its prefix in the logged path or query is elided the same way.
 */
export function curlFor(row: Pick<RequestLogView, "method" | "path" | "query">, origin: string): string {
  const url = shellQuoted(`${origin}${row.path}${row.query ? `?${row.query}` : ""}`).replace(
    /sk_(?:live|test)_[0-9A-Za-z]{8}…/g,
    `\${${KEY_VARIABLE}}`,
  );
  const method = row.method === "GET" ? "" : row.method === "HEAD" ? "-I " : `-X ${shellQuoted(row.method)} `;
  return `curl ${method}-H "X-API-Key: $${KEY_VARIABLE}" "${url}"`;
}
