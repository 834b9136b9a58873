/** What `statline verify` reads: the stored derived facts, and the base facts some are derived from. */
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/sqlite/client";

/** Every edition's id (standings and season stats are kept per edition). */
export async function editionIds(db: DbOrTx): Promise<number[]> {
  return (await db.edition.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((e) => e.id);
}

/** Every contest with two sides, its competition and its sides' scores and outcomes. */
export function contestsWithSides(db: DbOrTx) {
  return db.contest.findMany({
    orderBy: { id: "asc" },
    include: { participants: true, edition: { select: { competitionId: true } } },
  });
}

/** Standing rows as stored, in a stable order. */
export function allStandings(db: DbOrTx) {
  return db.standing.findMany({ orderBy: [{ editionId: "asc" }, { group: "asc" }, { teamId: "asc" }] });
}

/** The stat-board's aggregates as stored. */
export async function statAggregates(db: DbOrTx) {
  const [edition, names, competition] = await Promise.all([
    db.personEditionStat.findMany({ orderBy: [{ editionId: "asc" }, { stat: "asc" }, { personId: "asc" }] }),
    db.editionStatName.findMany({ orderBy: [{ editionId: "asc" }, { stat: "asc" }] }),
    db.competitionPersonStat.findMany({
      orderBy: [{ competitionId: "asc" }, { stat: "asc" }, { personId: "asc" }],
    }),
  ]);
  return { edition, names, competition };
}

export function setParticipant(db: DbOrTx, id: number, data: Prisma.ContestParticipantUncheckedUpdateInput) {
  return db.contestParticipant.update({ where: { id }, data });
}

export function setContestDecidedBy(db: DbOrTx, id: number, decidedBy: string | null) {
  return db.contest.update({ where: { id }, data: { decidedBy } });
}
