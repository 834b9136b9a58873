import { z } from "zod";
import { STATUS_FILTER_PATTERN } from "./query";
import type { LogFilters } from "./store";

const blank = (v: string | undefined) => (v ? v : undefined);
const isoTime = z
  .string()
  .max(40)
  .optional()
  .transform(blank)
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), "must be an ISO date-time")
  .transform((v) => (v === undefined ? undefined : new Date(v)));

/** The Logs page's filters, as query parameters of /api/dashboard/logs and its CSV export. */
export const logFiltersQuery = z.object({
  keyPrefix: z
    .string()
    .max(16)
    .regex(/^(sk_(live|test)_[0-9A-Za-z]{0,8})?$/, "must be a key prefix such as sk_test_AbCdEfGh")
    .optional()
    .transform(blank),
  environment: z
    .enum(["live", "test", ""])
    .optional()
    .transform((v) => v || undefined),
  status: z
    .string()
    .max(6)
    .refine(
      (v) => v === "" || STATUS_FILTER_PATTERN.test(v),
      "must be 2xx, 3xx, 4xx, 429, 5xx, errors or a code",
    )
    .optional()
    .transform(blank),
  endpoint: z.string().max(120).optional().transform(blank),
  requestId: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v?.trim() || undefined),
  from: isoTime,
  to: isoTime,
});

export type LogFiltersInput = z.output<typeof logFiltersQuery>;

/** The account is always the signed-in user's: no parameter can widen it. */
export function accountFilters(accountId: string, q: LogFiltersInput): LogFilters {
  return { ...q, accountId };
}
