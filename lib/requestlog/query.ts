import type { Db } from "../platform/db";
import type { RequestLogRow } from "./buffer";
import { parseStoredHeaders } from "./response";
import { latestLogRow, logRows, type LogFilters } from "./store";

/** Status filters: a class, "errors" (>= 400), or one exact code such as "404". */
export const STATUS_FILTERS = ["2xx", "3xx", "4xx", "429", "5xx", "errors"] as const;
export const STATUS_FILTER_PATTERN = /^(2xx|3xx|4xx|429|5xx|errors|[1-5]\d\d)$/;

/**
 * A logged request as the dashboard, CSV and `admin logs` show it: the stored row without the
 * account, with its id as `requestId` and the time as ISO-8601. `sampleRate` 1: every such request
 * is logged; N: this row stands for about N requests (flood sampling).
 */
export type RequestLogView = Omit<RequestLogRow, "id" | "at" | "accountId" | "response"> & {
  requestId: string;
  at: string;
  /**
   * Error rows: the response as sent (headers in order; the body at most 4 KB, keys cut to their
   * prefix). Null on successes, and on error rows recorded during a write backlog.
   */
  response: { headers: [string, string][]; body: string | null } | null;
};

/** The message of a stored `{"error":{"code","message"}}` body, for rows that did not keep it apart. */
function messageOf(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === "string" ? parsed.error.message : null;
  } catch {
    return null;
  }
}

export interface RequestLogPage {
  items: RequestLogView[];
  nextCursor: string | null;
}

/** Cursor: "<epoch ms>_<request id>" of the last row shown; newest first, ties broken by id. */
export function encodeLogCursor(at: Date, id: string): string {
  return `${at.getTime()}_${id}`;
}

export function decodeLogCursor(raw: string): { at: Date; id: string } | null {
  const m = /^(\d{1,15})_(req_[A-Za-z0-9_-]{1,60})$/.exec(raw);
  return m ? { at: new Date(Number(m[1])), id: m[2] } : null;
}

type Row = Awaited<ReturnType<typeof logRows>>[number];

export function toView(r: Row): RequestLogView {
  return {
    requestId: r.id,
    at: r.at.toISOString(),
    keyPrefix: r.keyPrefix,
    environment: r.environment,
    method: r.method,
    path: r.path,
    query: r.query,
    endpoint: r.endpoint,
    status: r.status,
    errorCode: r.errorCode,
    units: r.units,
    durationMs: r.durationMs,
    ip: r.ip,
    userAgent: r.userAgent,
    sampleRate: r.sampleRate,
    errorMessage: r.errorMessage ?? messageOf(r.responseBody),
    response:
      r.responseHeaders === null && r.responseBody === null
        ? null
        : { headers: parseStoredHeaders(r.responseHeaders), body: r.responseBody },
  };
}

/**
 * One page of the log, newest first. A cursor only marks a position: the filters (and the
 * account) still apply, so a cursor from another account cannot reveal anything.
 */
export async function requestLogPage(
  db: Db,
  filters: LogFilters,
  limit: number,
  cursor?: { at: Date; id: string },
): Promise<RequestLogPage> {
  const rows = await logRows(db, filters, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toView),
    nextCursor: rows.length > limit && last ? encodeLogCursor(last.at, last.id) : null,
  };
}

/** The account's newest logged request (the overview's quick start shows it). */
export async function lastRequest(
  db: Db,
  accountId: string,
  environment?: "live" | "test",
): Promise<RequestLogView | null> {
  const row = await latestLogRow(db, accountId, environment);
  return row ? toView(row) : null;
}

export const CSV_COLUMNS = [
  "requestId",
  "at",
  "keyPrefix",
  "environment",
  "method",
  "path",
  "query",
  "endpoint",
  "status",
  "errorCode",
  "units",
  "durationMs",
  "ip",
  "userAgent",
  "sampleRate",
] as const satisfies readonly (keyof RequestLogView)[];

/** RFC 4180 field; a leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula. */
export function csvField(v: string | number | null): string {
  if (v === null) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: RequestLogView[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => csvField(r[c])).join(","));
  return lines.join("\r\n") + "\r\n";
}
