import type { DbOrTx } from "../db";

/** Where a mutation came from, for the audit log. */
export interface AuditContext {
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditEntry extends AuditContext {
  accountId: string;
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  detail?: string;
}

export function recordAudit(db: DbOrTx, entry: AuditEntry) {
  return db.auditEvent.create({
    data: {
      accountId: entry.accountId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      detail: entry.detail ?? "",
      ip: entry.ip ?? null,
      userAgent: entry.userAgent?.slice(0, 300) ?? null,
    },
  });
}
