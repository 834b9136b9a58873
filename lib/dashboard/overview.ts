import type { Db } from "../db";
import { monthToDate } from "../usage/report";
import type { OverviewView } from "./types";

export async function overview(db: Db, accountId: string): Promise<OverviewView> {
  const [month, keys] = await Promise.all([
    monthToDate(db, accountId),
    db.apiKey.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { prefix: true, environment: true, revokedAt: true },
    }),
  ]);
  const active = keys.filter((k) => !k.revokedAt);
  const quickStart = active.find((k) => k.environment === "test") ?? active[0];
  return {
    month,
    keys: {
      active: active.length,
      revoked: keys.length - active.length,
      live: active.filter((k) => k.environment === "live").length,
      test: active.filter((k) => k.environment === "test").length,
    },
    quickStartPrefix: quickStart?.prefix ?? null,
  };
}
