import type { Db } from "../db";
import { csvField } from "../requestlog/query";
import { AUDIT_CATEGORIES, auditLabel, type AuditCategory } from "./audit-labels";
import type { AuditPage, AuditView } from "./types";

/** Newest first, `limit` at a time; the cursor is the id of the last event already shown. */
export async function auditPage(
  db: Db,
  accountId: string,
  limit: number,
  cursor?: string,
  category?: AuditCategory,
): Promise<AuditPage> {
  const where = category
    ? {
        accountId,
        OR: AUDIT_CATEGORIES[category].prefixes.map((p) => ({ action: { startsWith: p } })),
      }
    : { accountId };
  const rows = await db.auditEvent.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    include: { actor: { select: { email: true, name: true } } },
  });
  // A cursor from another account points outside `where`; Prisma then returns nothing, which is right.
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
