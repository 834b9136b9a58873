import { planOf } from "../accounts/store";
import type { Db } from "../platform/db";
import { keyIdsOf, keysForReport } from "../keys/store";
import { planFor } from "../plans";
import { STATUS_CLASSES, type StatusClass } from "./meter";
import { monthOf } from "./quota";
import { daySums, rollupGroups } from "./store";

// Read side of metering: what the dashboard's usage and overview pages show. Everything is read
// from UsageBucket (one row per key, UTC minute, endpoint pattern and status class); times are UTC.

export const USAGE_RANGES = ["24h", "7d", "30d"] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];
type ByClass = Record<StatusClass, number>;

export interface UsageReportInput {
  accountId: string;
  keyId?: string;
  environment?: "live" | "test";
  range: UsageRange;
  now?: Date;
}

export interface UsagePoint extends ByClass {
  /** Start of the hour or UTC day, ISO. */
  start: string;
  requests: number;
  units: number;
}

export interface UsageRow extends ByClass {
  requests: number;
  units: number;
}

export interface MonthUsage {
  /** First instant of the current UTC month, ISO. */
  start: string;
  requests: number;
  units: number;
  plan: string;
  planLabel: string;
  /** Units included per month; null for an unlimited plan. */
  quota: number | null;
  /** Sustained requests per minute per key and the burst (X-RateLimit-Limit); null when unlimited. */
  ratePerMinute: number | null;
  burst: number | null;
}

export interface UsageReport {
  range: UsageRange;
  granularity: "hour" | "day";
  from: string;
  to: string;
  /** Requests per status class over the range; rate-limited answers are their own class, "429". */
  totals: UsageRow;
  series: UsagePoint[];
  endpoints: (UsageRow & { endpoint: string })[];
  keys: (UsageRow & { keyId: string; name: string; prefix: string; environment: string; revoked: boolean })[];
  month: MonthUsage;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGE = {
  "24h": { step: HOUR, count: 24 },
  "7d": { step: DAY, count: 7 },
  "30d": { step: DAY, count: 30 },
} as const;

const emptyRow = (): UsageRow => ({
  requests: 0,
  units: 0,
  "2xx": 0,
  "3xx": 0,
  "4xx": 0,
  "429": 0,
  "5xx": 0,
});

function addTo(row: UsageRow, statusClass: string, requests: number, units: number) {
  row.requests += requests;
  row.units += units;
  if ((STATUS_CLASSES as readonly string[]).includes(statusClass))
    row[statusClass as StatusClass] += requests;
}

/** The bucket starts of a range, oldest first; the last bucket holds `now`. */
export function rangeBuckets(range: UsageRange, now: Date): Date[] {
  const { step, count } = RANGE[range];
  const current = Math.floor(now.getTime() / step) * step;
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * step));
}

/** This UTC month's requests and units against the plan's quota (never filtered by key). */
export async function monthToDate(db: Db, accountId: string, now = new Date()): Promise<MonthUsage> {
  const start = new Date(monthOf(now.getTime()).start);
  const [sum, planName] = await Promise.all([
    // Day roll-ups: at most 31 rows per key, endpoint and class instead of 44,640 minutes.
    daySums(db, accountId, start),
    planOf(db, accountId),
  ]);
  const plan = planFor(planName ?? "free");
  return {
    start: start.toISOString(),
    requests: sum.requests,
    units: sum.units,
    plan: plan.name,
    planLabel: plan.label,
    quota: plan.monthlyUnits,
    ratePerMinute: plan.ratePerMinute,
    burst: plan.burst,
  };
}

/** Which of the account's keys the filters select; undefined means every key. */
async function selectedKeyIds(db: Db, input: UsageReportInput): Promise<string[] | undefined> {
  if (!input.keyId && !input.environment) return undefined;
  return keyIdsOf(db, { accountId: input.accountId, id: input.keyId, environment: input.environment });
}

/**
 * Read from the hour (24 h) or day (7 and 30 days) roll-ups the flush writes next to the minute
 * buckets (lib/usage/store.ts): a range reads at most 30 rows per key, endpoint and status class,
 * whatever the traffic (measured in `npm run bench`, "usage report").
 */
export async function usageReport(db: Db, input: UsageReportInput): Promise<UsageReport> {
  const now = input.now ?? new Date();
  const { step } = RANGE[input.range];
  const starts = rangeBuckets(input.range, now);
  const from = starts[0];
  const to = new Date(starts[starts.length - 1].getTime() + step);
  const keyIds = await selectedKeyIds(db, input);
  const period = step === HOUR ? "hour" : "day";
  const [[perBucketRows, perEndpoint, perKey], month] = await Promise.all([
    rollupGroups(db, { accountId: input.accountId, keyIds, period, from, to }),
    monthToDate(db, input.accountId, now),
  ]);
  const index = new Map(starts.map((s, i) => [s.getTime(), i]));
  const perBucket: (typeof perBucketRows)[] = starts.map(() => []);
  for (const g of perBucketRows) {
    const i = index.get(new Date(g.start).getTime());
    if (i !== undefined) perBucket[i].push(g);
  }

  const totals = emptyRow();
  const series = starts.map((start, i) => {
    const point: UsagePoint = { start: start.toISOString(), ...emptyRow() };
    for (const g of perBucket[i]) {
      addTo(point, g.statusClass, g._sum.requests ?? 0, g._sum.units ?? 0);
      addTo(totals, g.statusClass, g._sum.requests ?? 0, g._sum.units ?? 0);
    }
    return point;
  });

  const endpointRows = new Map<string, UsageRow>();
  for (const g of perEndpoint) {
    const row = endpointRows.get(g.endpoint) ?? emptyRow();
    addTo(row, g.statusClass, g._sum.requests ?? 0, g._sum.units ?? 0);
    endpointRows.set(g.endpoint, row);
  }
  const endpoints = [...endpointRows]
    .map(([endpoint, row]) => ({ endpoint, ...row }))
    .sort((a, b) => b.requests - a.requests || a.endpoint.localeCompare(b.endpoint))
    .slice(0, 10);

  const keyRows = new Map<string, UsageRow>();
  for (const g of perKey) {
    const row = keyRows.get(g.apiKeyId) ?? emptyRow();
    addTo(row, g.statusClass, g._sum.requests ?? 0, g._sum.units ?? 0);
    keyRows.set(g.apiKeyId, row);
  }
  const keyInfo = await keysForReport(db, input.accountId, [...keyRows.keys()]);
  const keys = keyInfo
    .map((k) => ({
      keyId: k.id,
      name: k.name,
      prefix: k.prefix,
      environment: k.environment,
      revoked: k.revokedAt !== null,
      ...keyRows.get(k.id)!,
    }))
    .sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name));

  return {
    range: input.range,
    granularity: step === HOUR ? "hour" : "day",
    from: from.toISOString(),
    to: to.toISOString(),
    totals,
    series,
    endpoints,
    keys,
    month,
  };
}
