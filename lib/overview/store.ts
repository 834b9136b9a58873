import type { Db } from "../platform/db";

/** The account's keys, newest first: what the overview counts and picks its quick-start key from. */
export function listOverviewKeys(db: Db, accountId: string) {
  return db.apiKey.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { prefix: true, environment: true, revokedAt: true, disabledAt: true },
  });
}
