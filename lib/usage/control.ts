import type { AuthFailure } from "../api/auth";
import { ApiError } from "../api/errors";
import type { Caller, RouteDef } from "../api/types";
import { planFor, type ResolvedPlan } from "../plans";
import type { Admission, UsageControl } from "./index";
import { toSeconds, type Decision, type RateLimiter } from "./limiter";
import type { Meter } from "./meter";
import { monthOf, type MonthWindow, type QuotaLedger } from "./quota";

export interface UsageDeps {
  limiter: RateLimiter;
  quota: QuotaLedger;
  meter: Meter;
  plans?: (name: string) => ResolvedPlan;
  now?: () => number;
  /** Called on the first recorded request (starts the flush timer). */
  onFirstRecord?: () => void;
}

/** What unlimited plans send instead of numbers (documented in docs/usage.md). */
export const UNLIMITED = "unlimited";
const UNLIMITED_RATE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "X-RateLimit-Limit": UNLIMITED,
  "X-RateLimit-Remaining": UNLIMITED,
  "X-RateLimit-Reset": "0",
});

function rateHeaders(d: Decision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(d.limit),
    "X-RateLimit-Remaining": String(d.remaining),
    "X-RateLimit-Reset": String(toSeconds(d.resetMs)),
  };
}

function rateLimited(plan: ResolvedPlan, d: Decision, headers: Record<string, string>): Admission {
  const wait = Math.max(1, toSeconds(d.retryAfterMs));
  const message = `Rate limit exceeded: the ${plan.label} plan allows ${plan.ratePerMinute} requests per minute per key (bursts of ${plan.burst}); retry in ${wait} s`;
  return { ok: false, error: new ApiError("RATE_LIMITED", message, { "Retry-After": String(wait) }), headers };
}

function quotaExceeded(plan: ResolvedPlan, used: number, cost: number, month: MonthWindow, now: number, headers: Record<string, string>): Admission {
  const quota = plan.monthlyUnits!;
  const message = `Monthly unit quota exhausted: ${Math.min(used, quota)} of ${quota} units used on the ${plan.label} plan and this call costs ${cost}; the quota resets at ${month.nextIso}`;
  const retry = String(Math.max(1, toSeconds(month.next - now)));
  return { ok: false, error: new ApiError("QUOTA_EXCEEDED", message, { "Retry-After": retry }), headers };
}

/** Runs `f` on a value that may or may not be a Promise without paying for a Promise when it is not. */
function then<T, U>(v: T | Promise<T>, f: (value: T) => U | Promise<U>): U | Promise<U> {
  return v instanceof Promise ? v.then(f) : f(v);
}

const quotaUnavailable = (): Admission => ({
  ok: false,
  error: new ApiError("SERVICE_UNAVAILABLE", "Usage quota could not be checked; retry shortly", { "Retry-After": "1" }),
  headers: {},
});

/**
 * admit: the per-key rate limit, then the per-account monthly quota, reserving the route's
 * units. settle: meters the request and corrects the reservation to what it really cost.
 * Synchronous for in-memory state; a Promise only for an account's first request (its month
 * total is loaded) or when the limiter is remote.
 */
export function createUsageControl(deps: UsageDeps): UsageControl {
  const now = deps.now ?? Date.now;
  const plans = deps.plans ?? planFor;
  const { limiter, quota, meter } = deps;
  let started = false;

  function decide(caller: Caller, cost: number, plan: ResolvedPlan, t: number, month: MonthWindow): Admission | Promise<Admission> {
    const finish = (headers: Record<string, string>): Admission => {
      const used = quota.peek(caller.accountId, month.start)!;
      if (plan.monthlyUnits !== null && used + cost > plan.monthlyUnits && cost > 0) {
        return quotaExceeded(plan, used, cost, month, t, headers);
      }
      quota.add(caller.accountId, month.start, cost);
      return { ok: true, headers, reserved: cost, month: month.start };
    };
    if (plan.rule === null) return finish(UNLIMITED_RATE_HEADERS);
    return then(limiter.take(caller.keyId, plan.rule, t), (d) => {
      const headers = rateHeaders(d);
      return d.allowed ? finish(headers) : rateLimited(plan, d, headers);
    });
  }

  return {
    admit(caller: Caller, route: RouteDef | null) {
      const t = now();
      const month = monthOf(t);
      const plan = plans(caller.plan);
      const cost = route ? route.units : 0;
      if (quota.peek(caller.accountId, month.start) !== undefined) return decide(caller, cost, plan, t, month);
      return quota.load(caller.accountId, month.start).then(
        () => decide(caller, cost, plan, now(), month),
        () => quotaUnavailable(),
      );
    },

    settle(caller: Caller, endpoint: string, status: number, units: number, admission?: Admission) {
      const t = now();
      if (!started) (started = true), deps.onFirstRecord?.();
      meter.record(caller.keyId, caller.accountId, endpoint, status, units, t);
      const month = monthOf(t);
      const reserved = admission?.ok && admission.month === month.start ? admission.reserved : 0;
      const used = quota.add(caller.accountId, month.start, units - reserved);
      const limit = plans(caller.plan).monthlyUnits;
      const headers: Record<string, string> = { "X-Units-Cost": String(units) };
      if (used !== undefined) {
        headers["X-Units-Used"] = String(used);
        headers["X-Units-Remaining"] = limit === null ? UNLIMITED : String(Math.max(0, limit - used));
      }
      return headers;
    },

    authFailed(failure: AuthFailure) {
      if (failure.reason === "invalid_secret" || failure.reason === "revoked") {
        if (!started) (started = true), deps.onFirstRecord?.();
        meter.recordAuthFailure(failure.accountId, failure.prefix, failure.reason, now());
      } else {
        meter.unattributed[failure.reason]++;
      }
    },
  };
}
