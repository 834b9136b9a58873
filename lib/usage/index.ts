import type { ApiError } from "../api/errors";
import type { AuthFailure } from "../api/auth";
import type { Caller, RouteDef } from "../api/types";

/**
 * The seam between the API pipeline and metering/rate limiting (issue 4 fills it in).
 * admit: rate limit and quota before the handler runs, with X-RateLimit-* headers.
 * settle: records the finished request and returns the X-Units-* headers.
 */
export type Admission = { ok: true; headers: Record<string, string> } | { ok: false; error: ApiError; headers: Record<string, string> };

export interface UsageControl {
  admit(caller: Caller, route: RouteDef): Admission | Promise<Admission>;
  settle(caller: Caller, endpoint: string, status: number, units: number): Record<string, string>;
  authFailed(failure: AuthFailure, endpoint: string): void;
}

// Placeholder until metering lands: admits everything and records nothing.
export const usage: UsageControl = {
  admit: () => ({ ok: true, headers: {} }),
  settle: () => ({}),
  authFailed: () => {},
};
