import type { z } from "zod";
import type { Result } from "../platform/errors";
import { route } from "../auth/route";
import { db } from "../platform/db";
import { assertMayIssue, sessionIssuer } from "../keys/issuing";
import type { Member } from "../workspaces/member";
import { consentForm, type KeyChoice } from "./choice";
import { PageError } from "./pages";

export interface ConsentRequest {
  user: Member;
  request: Request;
  /** The request decided on, validated by the route's `target` schema. */
  target: string;
  decision: "approve" | "deny";
  choice: KeyChoice;
}

/**
 * The target of a key-consent form (the agent handoff's approval, an MCP client's consent): a
 * session route bound to the signed-in user by the per-user CSRF token in the form and a same-site
 * Origin, so a forged or cross-site post cannot approve anything; its failures are pages. An
 * incomplete form is "Bad request" (`incomplete`), an approval without a scope "Choose a scope"
 * (`noScope`).
 */
export function consentRoute(
  spec: {
    field: string;
    target: z.ZodType<string>;
    defaultDays: number;
    incomplete: string;
    noScope: string;
  },
  handler: (consent: ConsentRequest) => Promise<Response>,
) {
  return route(
    {
      auth: "session",
      // Approving mints a key in the signed-in member's workspace.
      access: { action: "keys.create" },
      input: consentForm(spec.field, spec.target, spec.defaultDays),
      body: "form",
      errors: "html",
      invalid: () => new PageError("INVALID_PARAMETER", "Bad request", spec.incomplete),
      name: "consent",
    },
    async ({ user, request, body }) => {
      if (body.decision === "approve" && body.choice.scopes.length === 0)
        throw new PageError("INVALID_PARAMETER", "Choose a scope", spec.noScope);
      // The one issuing policy (lib/keys/issuing.ts), as the dashboard's own key form asks it:
      // suspension, scopes, and a verified email and recent re-authentication for a live key.
      if (body.decision === "approve")
        await assertMayIssue(db, sessionIssuer(user), { ...body.choice, consent: true });
      return handler({ user, request, ...body });
    },
  );
}

/** A decision's verdict, or "Nothing to approve" with the service's reason (gone, decided, expired). */
export function assertDecided<T>(
  outcome: Result<T, "NOT_FOUND" | "CONFLICT">,
): asserts outcome is { ok: true; value: T } {
  if (!outcome.ok) throw new PageError(outcome.code, "Nothing to approve", outcome.message);
}
