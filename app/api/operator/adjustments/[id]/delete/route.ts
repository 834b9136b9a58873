import { assertOk, notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { dataActor, deleteAdjustment, rowId } from "@/lib/operator/sports-data";

export const dynamic = "force-dynamic";

/** Removes one adjustment; the table is rebuilt and every instance's caches dropped. */
export const POST = operatorRoute(null, async ({ user, request, params }) => {
  const id = rowId(params.id);
  if (id === null) throw notFound("Adjustment");
  const result = await deleteAdjustment(db, id, dataActor(user, request));
  assertOk(result);
  return result.value;
});
