import type { Db } from "../platform/db";
import { lastRequest } from "../requestlog/query";
import { monthToDate, type MonthUsage } from "../usage/report";
import { listOverviewKeys } from "./store";

/** The dashboard's overview (GET /api/dashboard/overview). */
export interface OverviewView {
  month: MonthUsage;
  keys: { active: number; disabled: number; revoked: number; live: number; test: number };
  /** The environment of the dashboard's test/live switch this overview was built for. */
  environment: "live" | "test";
  /** Where this instance is reached (NEXTAUTH_URL, else the request's origin): the quick start's curl. */
  baseUrl: string;
  /** Prefix of the newest active key of that environment, for the quick start. */
  quickStartPrefix: string | null;
  /** The account's newest logged request in that environment (the quick start shows it). */
  lastRequest: {
    requestId: string;
    at: string;
    status: number;
    method: string;
    endpoint: string;
    path: string;
  } | null;
}

/** The overview for the dashboard's test/live switch: the quick start uses a key of that environment. */
export async function overview(
  db: Db,
  accountId: string,
  environment: "live" | "test" = "test",
  baseUrl = "http://localhost:3000",
): Promise<OverviewView> {
  const [month, keys, last] = await Promise.all([
    monthToDate(db, accountId),
    listOverviewKeys(db, accountId),
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
