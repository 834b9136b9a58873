import type { AuthFailure, Caller } from "../keys/caller";
import { planFor, type RateRule, type ResolvedPlan } from "../plans";
import { toSeconds, type Decision, type RateLimiter } from "./limiter";
import type { Meter } from "./meter";
import { monthOf, type MonthWindow, type QuotaLedger } from "./quota";
import type { Admission, Refusal, UsageControl } from "./types";

export interface UsageDeps {
  limiter: RateLimiter;
  quota: QuotaLedger;
  /** Per-key monthly unit caps (keyed by key id); without it caps are not enforced (unit tests). */
  keyQuota?: QuotaLedger;
  meter: Meter;
  plans?: (name: string) => ResolvedPlan;
  now?: () => number;
  /** Called on the first recorded request (starts the flush timer). */
  onFirstRecord?: () => void;
}

/**
 * What plans without a rate limit or quota send in the numeric headers: 2^31 - 1, so clients that
 * parse integers keep working (documented in docs/usage.md and the OpenAPI document).
 */
export const UNLIMITED = String(2_147_483_647);
const UNLIMITED_RATE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "X-RateLimit-Limit": UNLIMITED,
  "X-RateLimit-Remaining": UNLIMITED,
  "X-RateLimit-Reset": "0",
  // The IETF fields too (they were missing), in the same terms: never short, refilled at once.
  RateLimit: `"default";r=${UNLIMITED};t=0`,
  "RateLimit-Policy": `"default";q=${UNLIMITED};w=1`,
});

/**
 * X-RateLimit-* plus the IETF fields (draft-ietf-httpapi-ratelimit-headers). Reset and t are the
 * seconds until the bucket is full again; the policy's window is the time a full refill takes.
 */
function rateHeaders(d: Decision, rule: RateRule): Record<string, string> {
  const reset = toSeconds(d.resetMs);
  return {
    "X-RateLimit-Limit": String(d.limit),
    "X-RateLimit-Remaining": String(d.remaining),
    "X-RateLimit-Reset": String(reset),
    RateLimit: `"default";r=${d.remaining};t=${reset}`,
    "RateLimit-Policy": `"default";q=${rule.burst};w=${Math.ceil((rule.burst * rule.intervalMs) / 1000)}`,
  };
}

/** A key's own rate limit when it is below the plan's: memoized, so the hot path allocates nothing. */
const keyRules = new Map<string, RateRule>();
function keyRule(plan: ResolvedPlan, rate: number | null | undefined): RateRule | null {
  if (rate == null || (plan.ratePerMinute !== null && rate >= plan.ratePerMinute)) return plan.rule;
  // The plan's burst is part of the id: an edited plan (lib/plans/catalogue.ts) gets fresh rules.
  const id = `${plan.name}:${plan.burst}:${rate}`;
  let rule = keyRules.get(id);
  if (!rule)
    keyRules.set(id, (rule = { burst: Math.min(plan.burst ?? rate, rate), intervalMs: 60_000 / rate }));
  return rule;
}

function rateLimited(
  plan: ResolvedPlan,
  rule: RateRule,
  d: Decision,
  headers: Record<string, string>,
): Admission {
  const byKey = rule !== plan.rule;
  const refusal = {
    kind: "rate_limited" as const,
    planLabel: plan.label,
    byKey,
    ratePerMinute: byKey ? Math.round(60_000 / rule.intervalMs) : (plan.ratePerMinute ?? d.limit),
    burst: rule.burst,
    retryAfterSeconds: Math.max(1, toSeconds(d.retryAfterMs)),
  };
  return { ok: false, refusal, headers };
}

function quotaExceeded(
  plan: ResolvedPlan,
  used: number,
  quota: number,
  byKey: boolean,
  cost: number,
  month: MonthWindow,
  now: number,
  headers: Record<string, string>,
): Admission {
  const refusal = {
    kind: "quota_exceeded" as const,
    planLabel: plan.label,
    byKey,
    used,
    quota,
    cost,
    resetsAt: month.nextIso,
    retryAfterSeconds: Math.max(1, toSeconds(month.next - now)),
  };
  return { ok: false, refusal, headers };
}

function unitHeaders(cost: number, used: number, limit: number | null): Record<string, string> {
  return {
    "X-Units-Cost": String(cost),
    "X-Units-Used": String(used),
    "X-Units-Remaining": limit === null ? UNLIMITED : String(limit > used ? limit - used : 0),
  };
}

const refusalOf = (a: Admission): Refusal | null => (a.ok ? null : a.refusal);

const quotaUnavailable = (): Admission => ({
  ok: false,
  refusal: { kind: "quota_unavailable", retryAfterSeconds: 1 },
  headers: {},
});

/**
 * admit: the per-key rate limit, then the per-account monthly quota, reserving the route's
 * units. settle: meters the request and corrects the reservation to what it really cost.
 * Synchronous for in-memory state; a Promise only for an account's first request (its month
 * total is loaded) or when the limiter is remote. Methods, not closures: the hot path creates
 * no functions per request.
 */
class Control implements UsageControl {
  private readonly now: () => number;
  private readonly plans: (name: string) => ResolvedPlan;
  private started = false;

  constructor(private readonly deps: UsageDeps) {
    this.now = deps.now ?? Date.now;
    this.plans = deps.plans ?? planFor;
  }

  admit(caller: Caller, cost: number): Admission | Promise<Admission> {
    const t = this.now();
    const month = monthOf(t);
    const plan = this.plans(caller.plan);
    const limit = plan.monthlyUnits;
    const cap = this.keyCap(caller);
    const accountLoaded = this.deps.quota.peek(caller.accountId, month.start, limit) !== undefined;
    const keyLoaded = cap === null || this.keyQuota!.peek(caller.keyId, month.start, cap) !== undefined;
    if (accountLoaded && keyLoaded) return this.limit(caller, cost, plan, t, month);
    const loads = accountLoaded ? [] : [this.deps.quota.load(caller.accountId, month.start, limit)];
    if (!keyLoaded) loads.push(this.keyQuota!.load(caller.keyId, month.start, cap));
    return Promise.all(loads).then(
      () => this.limit(caller, cost, plan, this.now(), month),
      () => quotaUnavailable(),
    );
  }

  private get keyQuota(): QuotaLedger | undefined {
    return this.deps.keyQuota;
  }

  /** The key's own monthly cap, when it has one and caps are enforced. */
  private keyCap(caller: Caller): number | null {
    const cap = caller.restrictions?.unitCap;
    return cap == null || !this.deps.keyQuota ? null : cap;
  }

  private limit(
    caller: Caller,
    cost: number,
    plan: ResolvedPlan,
    t: number,
    month: MonthWindow,
  ): Admission | Promise<Admission> {
    const rule = keyRule(plan, caller.restrictions?.rateLimit);
    if (rule === null) return this.reserve(caller, cost, plan, t, month, UNLIMITED_RATE_HEADERS);
    const d = this.deps.limiter.take(caller.keyId, rule, t);
    if (d instanceof Promise) return d.then((x) => this.afterLimit(caller, cost, plan, rule, t, month, x));
    return this.afterLimit(caller, cost, plan, rule, t, month, d);
  }

  private afterLimit(
    caller: Caller,
    cost: number,
    plan: ResolvedPlan,
    rule: RateRule,
    t: number,
    month: MonthWindow,
    d: Decision,
  ): Admission {
    const headers = rateHeaders(d, rule);
    return d.allowed
      ? this.reserve(caller, cost, plan, t, month, headers)
      : rateLimited(plan, rule, d, headers);
  }

  private reserve(
    caller: Caller,
    cost: number,
    plan: ResolvedPlan,
    t: number,
    month: MonthWindow,
    headers: Record<string, string>,
  ): Admission {
    const quota = this.deps.quota;
    // A shared ledger whose reservation was spent by concurrent requests since it was loaded
    // answers undefined with a limit: its estimate then decides (and the next request renews).
    const used =
      quota.peek(caller.accountId, month.start, plan.monthlyUnits) ??
      quota.peek(caller.accountId, month.start)!;
    if (plan.monthlyUnits !== null && cost > 0 && used + cost > plan.monthlyUnits) {
      return quotaExceeded(plan, used, plan.monthlyUnits, false, cost, month, t, headers);
    }
    const cap = this.keyCap(caller);
    if (cap !== null) {
      const keyUsed =
        this.keyQuota!.peek(caller.keyId, month.start, cap) ??
        this.keyQuota!.peek(caller.keyId, month.start)!;
      if (cost > 0 && keyUsed + cost > cap)
        return quotaExceeded(plan, keyUsed, cap, true, cost, month, t, headers);
      this.keyQuota!.add(caller.keyId, month.start, cost);
    }
    quota.add(caller.accountId, month.start, cost);
    return { ok: true, headers, reserved: cost, month: month.start };
  }

  settle(
    caller: Caller,
    endpoint: string,
    status: number,
    units: number,
    admission?: Admission,
  ): Record<string, string> {
    const t = this.now();
    this.start();
    this.deps.meter.record(caller.keyId, caller.accountId, endpoint, status, units, t);
    const month = monthOf(t);
    const reserved =
      admission !== undefined && admission.ok && admission.month === month.start ? admission.reserved : 0;
    const used = this.deps.quota.add(caller.accountId, month.start, units - reserved);
    if (used === undefined) return { "X-Units-Cost": String(units) };
    const limit = this.plans(caller.plan).monthlyUnits;
    const cap = this.keyCap(caller);
    const keyUsed =
      cap === null ? undefined : this.keyQuota!.add(caller.keyId, month.start, units - reserved);
    // The headers report whichever quota is tighter: the key's own cap or the account's plan.
    if (cap !== null && keyUsed !== undefined && (limit === null || cap - keyUsed < limit - used)) {
      return unitHeaders(units, keyUsed, cap);
    }
    return unitHeaders(units, used, limit);
  }

  spend(caller: Caller, endpoint: string, units: number): Refusal | null {
    const refusal = units > 0 ? this.over(caller, units) : null;
    if (refusal === null && units > 0) this.settle(caller, endpoint, 200, units);
    return refusal;
  }

  exhausted(caller: Caller): Refusal | null {
    return this.over(caller, 1);
  }

  /** Whether `cost` more units pass the account's quota and the key's cap (a month not loaded passes). */
  private over(caller: Caller, cost: number): Refusal | null {
    const t = this.now();
    const month = monthOf(t);
    const plan = this.plans(caller.plan);
    const used = this.deps.quota.peek(caller.accountId, month.start);
    if (used !== undefined && plan.monthlyUnits !== null && used + cost > plan.monthlyUnits)
      return refusalOf(quotaExceeded(plan, used, plan.monthlyUnits, false, cost, month, t, {}));
    const cap = this.keyCap(caller);
    const keyUsed = cap === null ? undefined : this.keyQuota!.peek(caller.keyId, month.start);
    if (cap !== null && keyUsed !== undefined && keyUsed + cost > cap)
      return refusalOf(quotaExceeded(plan, keyUsed, cap, true, cost, month, t, {}));
    return null;
  }

  authFailed(failure: AuthFailure): void {
    if (failure.reason === "invalid_secret" || failure.reason === "revoked") {
      this.start();
      this.deps.meter.recordAuthFailure(failure.accountId, failure.prefix, failure.reason, this.now());
    } else {
      this.deps.meter.unattributed[failure.reason]++;
    }
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    this.deps.onFirstRecord?.();
  }
}

export function createUsageControl(deps: UsageDeps): UsageControl {
  return new Control(deps);
}
