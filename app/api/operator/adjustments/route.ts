import { assertOk } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { adjustmentInput, dataActor, recordAdjustment } from "@/lib/operator/sports-data";
import { listAdjustments } from "@/lib/repos/sports-admin";

export const dynamic = "force-dynamic";

/** The newest 100 point adjustments, and how many there are. */
export const GET = operatorRoute(null, () => listAdjustments(db, 100));

/**
 * Records a deduction or award (or corrects the points of the one with the same team, edition and
 * reason); the table is rebuilt and every instance's caches dropped. An unknown competition,
 * edition or team is 404 with suggestions.
 */
export const POST = operatorRoute(adjustmentInput, async ({ user, body, request }) => {
  const result = await recordAdjustment(db, body, dataActor(user, request));
  assertOk(result);
  return result.value;
});
