import { ApiError } from "../platform/errors";
import { toSeconds } from "../usage/limiter";
import { beginSignIn, secondFactorKeys, signInSucceeded } from "./throttle";

export type Throttled = { ok: false; retryAfterMs: number };

/**
 * Runs one second-factor check under the per-user throttle (RULES.secondFactor: 5 free attempts in
 * 15 min, then a doubling back-off from 30 s, shared through Redis when configured). Every attempt
 * counts up front, a success clears the count. Returns the check's answer, or the wait.
 */
export async function throttledSecondFactor(
  userId: string,
  check: () => Promise<boolean>,
): Promise<{ ok: boolean } | Throttled> {
  const keys = secondFactorKeys(userId);
  const attempt = await beginSignIn(keys);
  if (!attempt.allowed) return { ok: false, retryAfterMs: attempt.retryAfterMs };
  const ok = await check();
  if (ok) await signInSucceeded(keys);
  return { ok };
}

/** The dashboard's 429 for a throttled code. */
export function tooManyCodes(retryAfterMs: number): ApiError {
  const seconds = toSeconds(retryAfterMs);
  return new ApiError("RATE_LIMITED", `Too many authentication codes tried. Try again in ${seconds} s.`, {
    "Retry-After": String(seconds),
  });
}
