import type { Refusal } from "../usage";
import { ApiError } from "../platform/errors";

/** Turns a usage refusal (a plain value from lib/usage) into the HTTP error the caller sees. */
export function refusalError(r: Refusal): ApiError {
  const retry = { "Retry-After": String(r.retryAfterSeconds) };
  switch (r.kind) {
    case "rate_limited":
      if (r.byKey)
        return new ApiError(
          "RATE_LIMITED",
          `Rate limit exceeded: this key allows ${r.ratePerMinute} requests per minute (bursts of ${r.burst}); retry in ${r.retryAfterSeconds} s`,
          retry,
        );
      return new ApiError(
        "RATE_LIMITED",
        `Rate limit exceeded: the ${r.planLabel} plan allows ${r.ratePerMinute} requests per minute per key (bursts of ${r.burst}); retry in ${r.retryAfterSeconds} s`,
        retry,
      );
    case "quota_exceeded":
      if (r.byKey)
        return new ApiError(
          "QUOTA_EXCEEDED",
          `Monthly unit cap of this key exhausted: ${r.used} of ${r.quota} units used and this call costs ${r.cost}; the cap resets at ${r.resetsAt}`,
          retry,
        );
      return new ApiError(
        "QUOTA_EXCEEDED",
        `Monthly unit quota exhausted: ${r.used} of ${r.quota} units used on the ${r.planLabel} plan and this call costs ${r.cost}; the quota resets at ${r.resetsAt}`,
        retry,
      );
    case "quota_unavailable":
      return new ApiError("SERVICE_UNAVAILABLE", "Usage quota could not be checked; retry shortly", retry);
  }
}
