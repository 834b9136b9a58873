/** Persons' and rosters' SQL for the writers of sports data (importers, the ingest API). */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

/** Creates a person and the name tokens the persons search matches; returns the new id. */
export async function insertPerson(
  db: DbOrTx,
  data: Prisma.PersonCreateInput,
  tokens: string[],
): Promise<number> {
  const { id } = await db.person.create({ data, select: { id: true } });
  await db.personNameToken.createMany({ data: tokens.map((token) => ({ token, personId: id })) });
  return id;
}

export async function personIdByRef(db: DbOrTx, externalRef: string): Promise<number | null> {
  return (await db.person.findUnique({ where: { externalRef }, select: { id: true } }))?.id ?? null;
}

/** The persons with these external refs (callers pass at most 500 at a time). */
export function personIdsByRefs(db: DbOrTx, refs: string[]) {
  return db.person.findMany({
    where: { externalRef: { in: refs } },
    select: { id: true, externalRef: true },
  });
}

/** Up to `take` persons of a sport with this normalised name. */
export function personsNamed(db: DbOrTx, nameNormalized: string, sport: string, take: number) {
  return db.person.findMany({ where: { nameNormalized, sport }, take });
}

/** An edition's rostered persons that have a team. */
export function rosteredPersons(db: DbOrTx, editionId: number) {
  return db.rosterEntry.findMany({
    where: { editionId, teamId: { not: null } },
    select: { teamId: true, person: { select: { id: true, name: true } } },
  });
}

/** Puts a person on an edition's roster (with this team) unless already there. */
export async function ensureRosterEntry(
  db: DbOrTx,
  editionId: number,
  personId: number,
  teamId: number,
): Promise<void> {
  await db.rosterEntry.upsert({
    where: { editionId_personId: { editionId, personId } },
    create: { editionId, personId, teamId, role: "player" },
    update: {},
  });
}
