import { z } from "../platform/zod";

// The operator console's request bodies, shared by the routes (app/api/operator/accounts) and the
// console's forms (components/operator). Imports only zod (tests/config/schemas.test.ts).

/** The longest search term the account list takes. */
export const SEARCH_MAX = 100;
/** The longest suspension reason (shown to the account). */
export const SUSPEND_REASON_MAX = 500;

export const accountSearchQuery = z.object({
  q: z.string().max(SEARCH_MAX).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const suspendInput = z.strictObject({
  reason: z.string().trim().min(1, "A reason is required").max(SUSPEND_REASON_MAX),
});
export type SuspendInput = z.input<typeof suspendInput>;

export const operatorFlagInput = z.strictObject({ operator: z.boolean() });
