import { recordChanges } from "../events/changes";
import type { DbOrTx } from "../platform/db/client";
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

/** A person of the same normalised name and the facts a join may rest on. */
export interface Namesake {
  id: number;
  birthDate?: Date | null;
  nationality?: string | null;
  /** Teams the person played for or was rostered with (those the caller looked up). */
  teamIds?: readonly number[];
}

/** What the writer knows of its person besides the name. */
export interface PersonFacts {
  /** YYYY-MM-DD */
  birthDate?: string | null;
  nationality?: string | null;
  teamId?: number | null;
}

const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * The one rule joining a source's person to an existing row (the ingest API and the importers):
 * never on the name alone. Of the namesakes, the single one born that day, else the single one
 * who played for that team, else the single one of that nationality; otherwise (no fact agrees,
 * or several persons fit) null: the caller creates a new person.
 */
export function joinNamesake(namesakes: Namesake[], facts: PersonFacts): { id: number; rule: string } | null {
  const one = (fits: Namesake[], rule: string) => (fits.length === 1 ? { id: fits[0].id, rule } : null);
  const nation = facts.nationality?.toLowerCase() ?? null;
  const { birthDate, teamId } = facts;
  return (
    (birthDate
      ? one(
          namesakes.filter((p) => day(p.birthDate) === birthDate),
          "name and date of birth",
        )
      : null) ??
    (teamId != null
      ? one(
          namesakes.filter((p) => p.teamIds?.includes(teamId)),
          "name and team",
        )
      : null) ??
    (nation
      ? one(
          namesakes.filter((p) => p.nationality?.toLowerCase() === nation),
          "name and nationality",
        )
      : null)
  );
}
