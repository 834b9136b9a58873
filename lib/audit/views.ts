import type { Db } from "../platform/db";
import type { PersonRef } from "../keys/views";
import { csvField } from "../requestlog/query";
import { AUDIT_CATEGORIES, auditLabel, type AuditCategory } from "./labels";
import { listAuditEvents } from "./store";

/** An audit event as the dashboard's JSON routes answer it (dates as ISO strings). */
export interface AuditView {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  actor: PersonRef | null;
}

export interface AuditPage {
  items: AuditView[];
  nextCursor: string | null;
}

/** Newest first, `limit` at a time; the cursor is the id of the last event already shown. */
export async function auditPage(
  db: Db,
  accountId: string,
  limit: number,
  cursor?: string,
  category?: AuditCategory,
): Promise<AuditPage> {
  const prefixes = category ? AUDIT_CATEGORIES[category].prefixes : undefined;
  const rows = await listAuditEvents(db, { accountId, take: limit + 1, cursor, prefixes });
  // A cursor from another account points outside the account's events; Prisma then returns
  // nothing, which is right.
  const page = rows.slice(0, limit);
  return {
    items: page.map((e) => ({
      id: e.id,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      detail: e.detail,
      ip: e.ip,
      userAgent: e.userAgent,
      createdAt: e.createdAt.toISOString(),
      actor: e.actor,
    })),
    nextCursor: rows.length > limit ? page[page.length - 1].id : null,
  };
}

const CSV_HEADER = ["time_utc", "event", "action", "actor", "target", "ip", "user_agent"];

/** The audit events as CSV (RFC 4180, formula-safe): labels for people, codes for scripts. */
export function auditCsv(items: AuditView[]): string {
  const lines = [CSV_HEADER.join(",")];
  for (const e of items) {
    const actor = e.actor?.email ?? (e.ip === "admin-cli" ? "Admin CLI" : "System");
    const fields = [
      e.createdAt,
      auditLabel(e.action),
      e.action,
      actor,
      e.detail || e.targetId,
      e.ip,
      e.userAgent,
    ];
    lines.push(fields.map(csvField).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
