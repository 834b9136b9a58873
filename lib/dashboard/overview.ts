import type { Db } from "../db";
import { lastRequest } from "../requestlog/query";
import { monthToDate } from "../usage/report";
import type { OverviewView } from "./types";

/** The overview for the dashboard's test/live switch: the quick start uses a key of that environment. */
export async function overview(
  db: Db,
  accountId: string,
  environment: "live" | "test" = "test",
  baseUrl = "http://localhost:3000",
): Promise<OverviewView> {
  const [month, keys, last] = await Promise.all([
    monthToDate(db, accountId),
    db.apiKey.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { prefix: true, environment: true, revokedAt: true, disabledAt: true },
    }),
    lastRequest(db, accountId, environment),
  ]);
  const active = keys.filter((k) => !k.revokedAt);
  // "Active" means a key that works now: a disabled key is neither revoked nor active.
  const working = active.filter((k) => !k.disabledAt);
  // Never a live key for the test view or the reverse: a copied command must hit the data it says.
  const quickStart = working.find((k) => k.environment === environment);
  return {
    month,
    keys: {
      active: working.length,
      disabled: active.length - working.length,
      revoked: keys.length - active.length,
      live: working.filter((k) => k.environment === "live").length,
      test: working.filter((k) => k.environment === "test").length,
    },
    environment,
    baseUrl,
    quickStartPrefix: quickStart?.prefix ?? null,
    lastRequest: last
      ? {
          requestId: last.requestId,
          at: last.at,
          status: last.status,
          method: last.method,
          endpoint: last.endpoint,
          path: last.path,
        }
      : null,
  };
}
