/** Contests' and their participants' SQL for the writers of sports data (importers). */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

/** Every contest of an edition with its participants. */
export function editionContests(db: DbOrTx, editionId: number) {
  return db.contest.findMany({ where: { editionId }, include: { participants: true } });
}

export function updateContestFields(db: DbOrTx, id: number, data: Prisma.ContestUncheckedUpdateInput) {
  return db.contest.update({ where: { id }, data });
}

export function createParticipant(db: DbOrTx, data: Prisma.ContestParticipantUncheckedCreateInput) {
  return db.contestParticipant.create({ data });
}

export function updateParticipant(
  db: DbOrTx,
  id: number,
  data: Prisma.ContestParticipantUncheckedUpdateInput,
) {
  return db.contestParticipant.update({ where: { id }, data });
}

/** Creates contests; returns each one's id by its externalRef. */
export async function createContestRows(
  db: DbOrTx,
  rows: Array<Prisma.ContestCreateManyInput & { externalRef: string }>,
): Promise<Map<string | null, number>> {
  await db.contest.createMany({ data: rows });
  const made = await db.contest.findMany({
    where: { externalRef: { in: rows.map((r) => r.externalRef) } },
    select: { id: true, externalRef: true },
  });
  return new Map(made.map((c) => [c.externalRef, c.id]));
}

export async function createParticipants(
  db: DbOrTx,
  rows: Prisma.ContestParticipantCreateManyInput[],
): Promise<void> {
  await db.contestParticipant.createMany({ data: rows });
}

export async function contestExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.contest.findUnique({ where: { id }, select: { id: true } })) !== null;
}

/** A contest with its sides and its competition's id. */
export function contestWithSides(db: DbOrTx, id: number) {
  return db.contest.findUnique({
    where: { id },
    include: { participants: true, edition: { select: { competitionId: true } } },
  });
}

/** A contest's competition and the persons on its sides (odds on a player belong to that person). */
export const contestForOdds = (db: DbOrTx, id: number) =>
  db.contest.findUniqueOrThrow({
    where: { id },
    select: { edition: true, participants: { select: { side: true, personId: true } } },
  });

/** Names of teams and persons by id (the sides of contest changes). */
export async function sideNames(db: DbOrTx, teamIds: number[], personIds: number[]) {
  const [teams, persons] = await Promise.all([
    teamIds.length
      ? db.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, name: true } })
      : [],
    personIds.length
      ? db.person.findMany({ where: { id: { in: personIds } }, select: { id: true, name: true } })
      : [],
  ]);
  return {
    teams: new Map(teams.map((t) => [t.id, t.name])),
    persons: new Map(persons.map((p) => [p.id, p.name])),
  };
}
