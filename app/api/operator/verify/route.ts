import { z } from "zod";
import { db } from "@/lib/platform/db";
import { bumpDataVersion } from "@/lib/events/data-version";
import { operatorRoute } from "@/lib/operator/access";
import { verify } from "@/lib/verify";

export const dynamic = "force-dynamic";

/** The drifts of every derived fact (docs/invariants.md); nothing is written. */
export const GET = operatorRoute(null, () => verify(db));

/** Corrects the drifts in one transaction, with their changes in the feed. */
export const POST = operatorRoute(z.object({ repair: z.literal(true) }), async () => {
  const report = await verify(db, { repair: true });
  if (report.repaired) await bumpDataVersion();
  return report;
});
