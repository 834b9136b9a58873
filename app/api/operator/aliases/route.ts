import { assertOk } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { aliasInput, dataActor } from "@/lib/operator/sports-data";
import { addTeamAlias, listTeamAliases } from "@/lib/repos/sports-admin";

export const dynamic = "force-dynamic";

/** The first 100 operator aliases by spelling, and how many there are. */
export const GET = operatorRoute(null, () => listTeamAliases(db, 100));

/**
 * Makes a spelling resolve to an existing team in later imports. An unknown team is 404 with
 * suggestions; a spelling that already names another team is 409.
 */
export const POST = operatorRoute(aliasInput, async ({ user, body, request }) => {
  const result = await addTeamAlias(db, body.team, body.alias, dataActor(user, request));
  assertOk(result);
  return result.value;
});
