import type { AuthFailure, Caller } from "../keys/caller";

/**
 * Why usage control refused a request: plain values. The /v1 pipeline turns them into HTTP
 * errors (lib/api/refusals.ts); metering knows nothing about HTTP.
 */
export type Refusal =
  | {
      kind: "rate_limited";
      planLabel: string;
      /** The key's own rate limit (below the plan's) refused it. */
      byKey: boolean;
      ratePerMinute: number;
      burst: number;
      retryAfterSeconds: number;
    }
  | {
      kind: "quota_exceeded";
      planLabel: string;
      /** The key's own monthly unit cap refused it. */
      byKey: boolean;
      used: number;
      quota: number;
      cost: number;
      resetsAt: string;
      retryAfterSeconds: number;
    }
  | { kind: "quota_unavailable"; retryAfterSeconds: number };

/**
 * The seam between the API pipeline and metering/rate limiting.
 * admit: rate limit and quota before the handler runs (X-RateLimit-* headers); it reserves
 *   `units` (0 for paths that match no route).
 * settle: records the finished request with what it really cost and returns the X-Units-* headers;
 *   pass the admission so its reservation is corrected.
 * authFailed: counts a failed authentication against the account only when the prefix resolves.
 */
export type Admission =
  | { ok: true; headers: Record<string, string>; reserved: number; month: number }
  | { ok: false; refusal: Refusal; headers: Record<string, string> };

export interface UsageControl {
  admit(caller: Caller, units: number): Admission | Promise<Admission>;
  settle(
    caller: Caller,
    endpoint: string,
    status: number,
    units: number,
    admission?: Admission,
  ): Record<string, string>;
  authFailed(failure: AuthFailure): void;
  /**
   * Charges `units` for part of a response already admitted (a stream's events): the refusal when
   * the account's quota or the key's cap cannot cover them (nothing is metered then), else meters
   * them like settle and returns null.
   */
  spend(caller: Caller, endpoint: string, units: number): Refusal | null;
  /** The quota refusal when the account's quota or the key's cap has no unit left, else null. */
  exhausted(caller: Caller): Refusal | null;
}
