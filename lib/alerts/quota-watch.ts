import { planNames as planNamesOf } from "../accounts/store";
import type { Db } from "../platform/db";
import { logError } from "../platform/log";
import { planFor } from "../plans";
import { monthOf } from "../usage/quota";
import { raiseAlert } from "./raise";

/** Accounts' plan names, reloaded after this long (a plan change reaches the thresholds within it). */
const PLAN_TTL_MS = 60_000;
const MAX_REMEMBERED = 100_000;

export interface QuotaWatchDeps {
  db: Db;
  /** The month's units of an account as the quota ledger knows them (memory or Redis): no query. */
  used: (accountId: string, monthStart: number) => number | undefined;
  now?: () => number;
}

const monthLabel = (start: number) => new Date(start).toISOString().slice(0, 7);

/**
 * Quota alerts at 80 % and 100 % of an account's monthly units, checked after each metering flush
 * for the accounts in that flush, against the quota ledger the /v1 admission already keeps.
 * Why here and not per request: a /v1 cache hit costs ~72 µs of server CPU (docs/keys.md, bench
 * 2026-11-23) while one Prisma query costs 225 µs on SQLite and 530 µs on PostgreSQL
 * (ENGINEERING.md): a check per request would multiply the hit's cost several times. Per flush
 * (1 s) it is one in-memory comparison per active account, one `accounts` read per account per
 * minute for its plan, and one insert when a threshold is first crossed; a process remembers the
 * conditions it raised or found raised, so a crossed threshold costs no further insert.
 */
export function createQuotaWatch(deps: QuotaWatchDeps) {
  const now = deps.now ?? Date.now;
  const plans = new Map<string, { plan: string; at: number }>();
  const done = new Set<string>();

  async function planNames(ids: string[], t: number): Promise<Map<string, string>> {
    const stale = ids.filter((id) => (plans.get(id)?.at ?? -Infinity) < t - PLAN_TTL_MS);
    for (let i = 0; i < stale.length; i += 500) {
      const rows = await planNamesOf(deps.db, stale.slice(i, i + 500));
      for (const r of rows) plans.set(r.id, { plan: r.plan, at: t });
    }
    if (plans.size > MAX_REMEMBERED) plans.clear();
    return new Map(ids.flatMap((id) => (plans.has(id) ? [[id, plans.get(id)!.plan] as const] : [])));
  }

  async function check(accountIds: Iterable<string>): Promise<number> {
    const t = now();
    const month = monthOf(t).start;
    const label = monthLabel(month);
    const candidates = [...new Set(accountIds)].filter(
      (id) => !done.has(`quota100:${id}:${label}`) && deps.used(id, month) !== undefined,
    );
    if (!candidates.length) return 0;
    let raised = 0;
    for (const [accountId, planName] of await planNames(candidates, t)) {
      const plan = planFor(planName);
      const quota = plan.monthlyUnits;
      const used = deps.used(accountId, month);
      if (quota === null || quota <= 0 || used === undefined) continue;
      for (const level of [80, 100] as const) {
        const key = `quota${level}:${accountId}:${label}`;
        if (done.has(key) || used * 100 < quota * level) continue;
        done.add(key);
        if (done.size > MAX_REMEMBERED) done.clear();
        const pct = level === 100 ? "all" : "80 %";
        const result = await raiseAlert(deps.db, {
          accountId,
          type: level === 100 ? "account.quota_exhausted" : "account.quota_warning",
          dedupeKey: key,
          title:
            level === 100 ? `Monthly quota used up (${label})` : `80 % of the monthly quota used (${label})`,
          message:
            `Your account has used ${used.toLocaleString("en")} of its ${quota.toLocaleString("en")} units for ${label} ` +
            `(${pct}, plan ${plan.label}). ` +
            (level === 100
              ? `Requests that cost units are refused with 429 QUOTA_EXCEEDED until ${monthOf(t).nextIso}.`
              : `At ${quota.toLocaleString("en")} units, requests are refused with 429 QUOTA_EXCEEDED until ${monthOf(t).nextIso}.`),
          data: { month: label, used, quota, plan: plan.name, resets_at: monthOf(t).nextIso },
        });
        if (result) raised++;
      }
    }
    return raised;
  }

  return {
    check,
    /** After a flush committed: the accounts whose units it wrote. Never throws (logged). */
    afterFlush(usage: ReadonlyArray<{ accountId: string; units: number }>): void {
      const ids = usage.filter((u) => u.units > 0).map((u) => u.accountId);
      if (ids.length) void check(ids).catch((err) => logError("quota alert check failed", err));
    },
  };
}
