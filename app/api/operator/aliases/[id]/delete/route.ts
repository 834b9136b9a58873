import { assertOk, notFound } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { dataActor, rowId } from "@/lib/operator/sports-data";
import { removeTeamAlias } from "@/lib/repos/sports-admin";

export const dynamic = "force-dynamic";

/** Removes one operator alias: later imports no longer resolve that spelling to the team. */
export const POST = operatorRoute(null, async ({ user, request, params }) => {
  const id = rowId(params.id);
  if (id === null) throw notFound("Alias");
  const result = await removeTeamAlias(db, id, dataActor(user, request));
  assertOk(result);
  return result.value;
});
