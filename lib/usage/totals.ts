import { requirePlanOf } from "../accounts/store";
import type { Db } from "../platform/db";
import { keyPrefixesOf } from "../keys/store";
import { planFor } from "../plans";
import { STATUS_CLASSES } from "./meter";
import { monthOf } from "./quota";
import { authFailureGroups, bucketGroups, bucketUnitsSince } from "./store";

export interface Counts {
  requests: number;
  units: number;
}

/** Totals of flushed metering for one account (optionally one key, optionally since a time). */
export interface UsageTotals extends Counts {
  plan: string;
  key: string | null;
  since: string | null;
  by_status_class: Record<string, number>;
  by_endpoint: Record<string, Counts>;
  by_key: Record<string, Counts & { environment: string }>;
  auth_failures: { total: number; invalid_secret: number; revoked: number };
  /** Account-wide units this calendar month (UTC), whatever --key says: the quota is per account. */
  month_units_used: number;
  month_units_quota: number | null;
  month_resets_at: string;
}

export async function usageTotals(
  db: Db,
  q: { accountId: string; keyPrefix?: string; since?: Date },
): Promise<UsageTotals> {
  const plan = await requirePlanOf(db, q.accountId);
  const keys = await keyPrefixesOf(db, q.accountId);
  const key = q.keyPrefix ? keys.find((k) => k.prefix === q.keyPrefix) : undefined;
  if (q.keyPrefix && !key) throw new Error(`the account has no key with prefix ${q.keyPrefix}`);
  const groups = await bucketGroups(db, { accountId: q.accountId, apiKeyId: key?.id, since: q.since });
  const prefixOf = new Map(keys.map((k) => [k.id, k]));
  const totals: UsageTotals = {
    plan,
    key: key?.prefix ?? null,
    since: q.since?.toISOString() ?? null,
    requests: 0,
    units: 0,
    by_status_class: Object.fromEntries(STATUS_CLASSES.map((c) => [c, 0])),
    by_endpoint: {},
    by_key: {},
    auth_failures: { total: 0, invalid_secret: 0, revoked: 0 },
    month_units_used: 0,
    month_units_quota: planFor(plan).monthlyUnits,
    month_resets_at: monthOf(Date.now()).nextIso,
  };
  for (const g of groups) {
    const requests = g._sum.requests ?? 0;
    const units = g._sum.units ?? 0;
    totals.requests += requests;
    totals.units += units;
    totals.by_status_class[g.statusClass] = (totals.by_status_class[g.statusClass] ?? 0) + requests;
    const ep = (totals.by_endpoint[g.endpoint] ??= { requests: 0, units: 0 });
    ep.requests += requests;
    ep.units += units;
    const k = prefixOf.get(g.apiKeyId);
    const byKey = (totals.by_key[k?.prefix ?? g.apiKeyId] ??= {
      requests: 0,
      units: 0,
      environment: k?.environment ?? "unknown",
    });
    byKey.requests += requests;
    byKey.units += units;
  }
  const failures = await authFailureGroups(db, {
    accountId: q.accountId,
    keyPrefix: key?.prefix,
    since: q.since,
  });
  for (const f of failures) {
    const n = f._sum.count ?? 0;
    totals.auth_failures.total += n;
    if (f.reason === "invalid_secret" || f.reason === "revoked") totals.auth_failures[f.reason] += n;
  }
  totals.month_units_used = await bucketUnitsSince(db, q.accountId, new Date(monthOf(Date.now()).start));
  return totals;
}
