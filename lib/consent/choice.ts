import { z } from "zod";
import { isScope, type Scope } from "../keys/scope-names";

/**
 * What a person decides on a key-consent form (components/consent/KeyConsentForm.tsx), shared by
 * the agent handoff's approval and an MCP client's OAuth consent: the decision and, to approve, the
 * key's environment, read scopes and expiry. Both services take it as their explicit input.
 */
export interface KeyChoice {
  environment: "test" | "live";
  scopes: Scope[];
  /** null: never expires. */
  expiresDays: number | null;
}

/**
 * The scopes ticked. The form offers read scopes only; a posted `ingest` is kept so the issuing
 * policy refuses it (403) rather than quietly issuing another key than the one asked for.
 */
const readScopes = (v: unknown): Scope[] =>
  (Array.isArray(v) ? v : [v]).filter((s): s is Scope => typeof s === "string" && isScope(s));

/**
 * The form's fields. `field` holds the request decided on (`user_code` for a handoff, `request` for
 * an OAuth grant), validated by `target`; an expiry the form does not offer is `defaultDays`.
 */
export const consentForm = (field: string, target: z.ZodType<string>, defaultDays: number) =>
  z
    .preprocess(
      (raw) =>
        raw && typeof raw === "object" ? { ...raw, target: (raw as Record<string, unknown>)[field] } : raw,
      z.object({
        target,
        decision: z.enum(["approve", "deny"]),
        environment: z.unknown().optional(),
        scope: z.unknown().optional(),
        expires_days: z.unknown().optional(),
      }),
    )
    .transform(({ target, decision, environment, scope, expires_days }) => {
      const choice: KeyChoice = {
        environment: environment === "live" ? "live" : "test",
        scopes: readScopes(scope),
        expiresDays: expiryDays(expires_days, defaultDays),
      };
      return { target, decision, choice };
    });

/** "never" -> null; 7, 30, 90 -> days; anything else -> the form's default. */
function expiryDays(raw: unknown, fallback: number): number | null {
  if (raw === "never") return null;
  return typeof raw === "string" && ["7", "30", "90"].includes(raw) ? Number(raw) : fallback;
}
