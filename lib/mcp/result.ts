import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { StatlineError } from "../../sdk/src/index";

/** About 25k tokens, the default cap on MCP tool output in common agent clients. */
export const MAX_RESULT_CHARS = 100_000;

type Data = {
  items?: unknown[];
  total?: number;
  next_cursor?: string | null;
  truncated?: boolean;
  has_more?: boolean;
} & Record<string, unknown>;
type Meta = { request_id?: string } & Record<string, unknown>;

/** The change feed (GET /v1/changes): a cursor on every page, `has_more` says whether to go on. */
export const isChangeFeed = (data: unknown): boolean => typeof (data as Data | null)?.has_more === "boolean";

/** What the caller should do to see more, or null when the result is complete. */
function moreHint(tool: string, data: Data, args: Record<string, unknown>, shown: number): string | null {
  const count = data.items?.length ?? 0;
  const feed = isChangeFeed(data);
  const noun = feed ? "changes" : "points";
  if ("next_cursor" in data) {
    if (shown < count)
      return `Only ${shown} of this page's ${count} ${noun} fit in this result: call ${tool} again with a smaller limit (e.g. ${Math.max(1, shown)}).`;
    if (feed && !data.has_more) return null;
    return data.next_cursor
      ? `More ${noun} exist: call ${tool} again with the same arguments and cursor="${data.next_cursor}".`
      : null;
  }
  if (typeof data.total === "number") {
    const offset = Number(args.offset ?? 0);
    const next = offset + shown;
    if (next >= data.total) return null;
    return `Rows ${offset + 1}-${offset + shown} of ${data.total}: call ${tool} again with offset=${next} for more.`;
  }
  if (shown < count)
    return `Only ${shown} of ${count} items fit in this result: narrow it with the tool's filters.`;
  return null;
}

/** How many leading items fit in MAX_RESULT_CHARS (binary search on the count). */
export function itemsThatFit(data: Data): number {
  const items = data.items;
  if (!Array.isArray(items) || JSON.stringify(data).length <= MAX_RESULT_CHARS) return items?.length ?? 0;
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (JSON.stringify({ ...data, items: items.slice(0, mid) }).length <= MAX_RESULT_CHARS) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Keeps the leading items that fit in MAX_RESULT_CHARS. */
function fit(data: Data): { data: Data; shown: number } {
  const shown = itemsThatFit(data);
  if (shown === (data.items?.length ?? 0)) return { data, shown };
  // A cursor resumes after the page's last item, so it would skip the items cut here: drop it;
  // the hint asks for a smaller limit instead (list_changes asks the API for a page that fits
  // before it gets here: lib/mcp/server.ts).
  const cursorless =
    "next_cursor" in data
      ? isChangeFeed(data)
        ? { next_cursor: null, has_more: true }
        : { next_cursor: null, next_before: null }
      : {};
  return { data: { ...data, items: data.items!.slice(0, shown), ...cursorless }, shown };
}

/** A successful call: the data as JSON text, a line on paging or truncation, and the same as structured content. */
export function okResult(
  tool: string,
  body: { data: unknown; meta: Meta },
  args: Record<string, unknown>,
): CallToolResult {
  const { data, shown } = fit(body.data as Data);
  const more = moreHint(tool, body.data as Data, args, shown);
  const cut = shown < ((body.data as Data).items?.length ?? 0);
  const note = {
    truncated: Boolean(more),
    ...(cut ? { items_shown: shown, items_in_response: (body.data as Data).items?.length } : {}),
    how_to_get_more: more,
    request_id: body.meta.request_id ?? null,
  };
  return {
    content: [
      { type: "text", text: JSON.stringify(data) },
      { type: "text", text: more ?? `Complete result (request ${note.request_id}).` },
    ],
    structuredContent: { data, meta: body.meta, result: note },
  };
}

/** A failed call: the API's code and message and the request id, as a tool error (the session goes on). */
export function errorResult(err: unknown, hint?: string): CallToolResult {
  const e =
    err instanceof StatlineError
      ? err
      : new StatlineError({
          code: "INTERNAL_ERROR",
          message: err instanceof Error ? err.message : String(err),
          status: 0,
        });
  const error = {
    code: e.code,
    message: e.message,
    status: e.status,
    request_id: e.requestId,
    ...(e.retryAfter !== null ? { retry_after_seconds: e.retryAfter } : {}),
    ...(hint ? { hint } : {}),
  };
  const text = `${e.code}: ${e.message}${e.requestId ? ` (request ${e.requestId})` : ""}${hint ? `. ${hint}` : ""}`;
  return { isError: true, content: [{ type: "text", text }], structuredContent: { error } };
}
