import { envInt } from "../platform/config";

/**
 * Lifetimes and limits of the agent handoff. The env overrides exist so tests can use short
 * lifetimes on a dedicated server; they are clamped so nobody can configure them above the
 * protocol's ceilings (session <= 10 min, authorization code <= 120 s).
 */
const seconds = (
  name: "HANDOFF_SESSION_TTL_SECONDS" | "HANDOFF_CODE_TTL_SECONDS" | "HANDOFF_START_LIMIT_PER_MINUTE",
  max: number,
): number => Math.min(envInt(name), max);

export const handoffConfig = {
  /** How long the human has to approve (expires_in). */
  sessionTtlSeconds: () => seconds("HANDOFF_SESSION_TTL_SECONDS", 600),
  /** Lifetime of the one-time authorization code created by approval. */
  codeTtlSeconds: () => seconds("HANDOFF_CODE_TTL_SECONDS", 120),
  /** Poll interval announced at start (RFC 8628 `interval`); slow_down adds 5 s. */
  pollIntervalSeconds: 5,
  /** Session starts per client IP per minute. */
  startsPerMinute: () => seconds("HANDOFF_START_LIMIT_PER_MINUTE", 10_000),
  /** Wrong code_verifier attempts before the session is killed. */
  maxFailedAttempts: 5,
};
