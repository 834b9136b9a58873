import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { USAGE_RANGES, usageReport } from "@/lib/usage/report";

export const dynamic = "force-dynamic";

const usageQuery = z.object({
  range: z.enum(USAGE_RANGES).default("24h"),
  keyId: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
  environment: z
    .enum(["live", "test", ""])
    .optional()
    .transform((v) => v || undefined),
});

/** Usage of the signed-in account; a key id of another account simply matches nothing. */
export const GET = dashboardRoute("usage.read", usageQuery, ({ user, body }) =>
  usageReport(db, {
    accountId: user.accountId,
    range: body.range,
    keyId: body.keyId,
    environment: body.environment,
  }),
);
