/** What `statline verify` reads: the stored derived facts, and the base facts some are derived from. */
import type { DbOrTx } from "../platform/db/client";
import type { Prisma } from "../generated/sqlite/client";

/** The editions checked: these, or every one (null). */
export type Scope = number[] | null;

const inScope = (scope: Scope) => (scope ? { editionId: { in: scope } } : {});

/** The editions' ids (standings and season stats are kept per edition). */
export async function editionIds(db: DbOrTx, scope: Scope): Promise<number[]> {
  const rows = await db.edition.findMany({
    where: scope ? { id: { in: scope } } : {},
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return rows.map((e) => e.id);
}

/** The editions' contests with their sides and competition. */
export function contestsWithSides(db: DbOrTx, scope: Scope) {
  return db.contest.findMany({
    where: inScope(scope),
    orderBy: { id: "asc" },
    include: { participants: true, edition: { select: { competitionId: true } } },
  });
}

/** The editions' standing rows as stored, in a stable order. */
export function allStandings(db: DbOrTx, scope: Scope) {
  return db.standing.findMany({
    where: inScope(scope),
    orderBy: [{ editionId: "asc" }, { group: "asc" }, { teamId: "asc" }],
  });
}

/** The stat-board's aggregates as stored: the editions' and their competitions'. */
export async function statAggregates(db: DbOrTx, scope: Scope) {
  const competitions = scope
    ? (await db.edition.findMany({ where: { id: { in: scope } }, select: { competitionId: true } })).map(
        (e) => e.competitionId,
      )
    : null;
  const edition = await db.personEditionStat.findMany({
    where: inScope(scope),
    orderBy: [{ editionId: "asc" }, { stat: "asc" }, { personId: "asc" }],
  });
  const names = await db.editionStatName.findMany({
    where: inScope(scope),
    orderBy: [{ editionId: "asc" }, { stat: "asc" }],
  });
  const competition = await db.competitionPersonStat.findMany({
    where: competitions ? { competitionId: { in: competitions } } : {},
    orderBy: [{ competitionId: "asc" }, { stat: "asc" }, { personId: "asc" }],
  });
  return { edition, names, competition };
}

export function setParticipant(db: DbOrTx, id: number, data: Prisma.ContestParticipantUncheckedUpdateInput) {
  return db.contestParticipant.update({ where: { id }, data });
}

export function setContestDecidedBy(db: DbOrTx, id: number, decidedBy: string | null) {
  return db.contest.update({ where: { id }, data: { decidedBy } });
}
