import type { Db } from "../db";
import type { AuditPage } from "./types";

/** Newest first, `limit` at a time; the cursor is the id of the last event already shown. */
export async function auditPage(
  db: Db,
  accountId: string,
  limit: number,
  cursor?: string,
): Promise<AuditPage> {
  const rows = await db.auditEvent.findMany({
    where: { accountId },
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
