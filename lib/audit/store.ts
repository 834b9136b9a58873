import type { Db } from "../db";

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
