import type { Db, DbOrTx } from "../platform/db";

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

/**
 * An account's audit events, newest first, `take` at a time after the cursor event (its id), with
 * the actor's email and name; `prefixes` keeps the actions starting with one of them.
 */
export function listAuditEvents(
  db: Db,
  q: { accountId: string; take: number; cursor?: string; prefixes?: readonly string[] },
) {
  const where = q.prefixes
    ? { accountId: q.accountId, OR: q.prefixes.map((p) => ({ action: { startsWith: p } })) }
    : { accountId: q.accountId };
  return db.auditEvent.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: q.take,
    ...(q.cursor ? { cursor: { id: q.cursor }, skip: 1 } : {}),
    include: { actor: { select: { email: true, name: true } } },
  });
}
