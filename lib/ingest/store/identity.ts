/** The rows an ingest entity write reads and corrects: teams and persons by id, persons by name. */
import type { DbOrTx } from "../../platform/db/client";

export function teamRow(tx: DbOrTx, id: number) {
  return tx.team.findUnique({ where: { id }, select: { id: true, name: true, country: true } });
}

/** The team that already has this exact name (names are unique), if any. */
export async function teamIdNamed(tx: DbOrTx, name: string): Promise<number | null> {
  return (await tx.team.findUnique({ where: { name }, select: { id: true } }))?.id ?? null;
}

export async function updateTeamRow(
  tx: DbOrTx,
  id: number,
  data: { name: string; nameNormalized: string; country: string | null },
): Promise<void> {
  await tx.team.update({ where: { id }, data });
}

export function personRow(tx: DbOrTx, id: number) {
  return tx.person.findUnique({
    where: { id },
    select: { id: true, name: true, nationality: true, position: true, birthDate: true, sport: true },
  });
}

/** Persons of a sport with this normalised name (at most 50: a name shared by more is no identity). */
export function personsNamedAll(tx: DbOrTx, nameNormalized: string, sport: string) {
  return tx.person.findMany({
    where: { nameNormalized, sport },
    select: { id: true, nationality: true, birthDate: true },
    orderBy: { id: "asc" },
    take: 50,
  });
}

/** Of `ids`, the persons who played for or were rostered with `teamId` (lineups, rosters). */
export async function personsWithTeam(tx: DbOrTx, ids: number[], teamId: number): Promise<Set<number>> {
  const where = { personId: { in: ids }, teamId };
  const [rosters, lineups] = await Promise.all([
    tx.rosterEntry.findMany({ where, select: { personId: true } }),
    tx.lineupEntry.findMany({ where, select: { personId: true } }),
  ]);
  return new Set([...rosters, ...lineups].map((r) => r.personId));
}

/** Corrects a person; new search tokens when the name changed. */
export async function updatePersonRow(
  tx: DbOrTx,
  id: number,
  data: {
    name: string;
    nameNormalized: string;
    nationality: string | null;
    position: string | null;
    birthDate: Date | null;
  },
  tokens: string[] | null,
): Promise<void> {
  await tx.person.update({ where: { id }, data });
  if (!tokens) return;
  await tx.personNameToken.deleteMany({ where: { personId: id } });
  await tx.personNameToken.createMany({ data: tokens.map((token) => ({ token, personId: id })) });
}

export function personExists(tx: DbOrTx, id: number) {
  return tx.person.findUnique({ where: { id }, select: { id: true, sport: true } });
}

/** Another source's person row to copy on a split: every field a person PUT sets. */
export function personToCopy(tx: DbOrTx, id: number) {
  return tx.person.findUnique({
    where: { id },
    select: {
      name: true,
      nameNormalized: true,
      nationality: true,
      position: true,
      birthDate: true,
      sport: true,
    },
  });
}

/** A source's events naming the person (as the player or the related one). */
export function sourceEventsOfPerson(tx: DbOrTx, source: string, personId: number) {
  return tx.matchEvent.findMany({
    where: { source, OR: [{ personId }, { relatedPersonId: personId }] },
    select: { id: true, personId: true, relatedPersonId: true, revision: true },
  });
}
