import { recordChanges } from "../events/changes";
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/sqlite/client";
import { nameTokens } from "./normalize";
import { insertPerson } from "./store/persons";

/**
 * The one way a writer of sports data (importers, the ingest API) adds a person: the row, its
 * search tokens and the `person.created` change, in the caller's transaction.
 */
export async function createPerson(db: DbOrTx, data: Prisma.PersonCreateInput): Promise<number> {
  const id = await insertPerson(db, data, nameTokens(data.name));
  await recordChanges(db, [
    {
      type: "person.created",
      resourceId: id,
      competitionId: null,
      contestId: null,
      data: { id: String(id), name: data.name, sport: data.sport },
    },
  ]);
  return id;
}
