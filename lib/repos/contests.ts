import type { Db } from "../db";
import type { Prisma } from "../generated/sqlite/client";

const contestSelect = {
  id: true,
  editionId: true,
  round: true,
  stage: true,
  status: true,
  kickoffAt: true,
  venue: true,
  edition: { select: { competitionId: true } },
  participants: {
    select: {
      side: true,
      teamId: true,
      personId: true,
      score: true,
      halftimeScore: true,
      scoreDetail: true,
      outcome: true,
      team: { select: { name: true } },
      person: { select: { name: true } },
    },
    orderBy: { side: "desc" }, // "home" before "away"
  },
} as const;

export interface ContestFilter {
  editionId?: number;
  competitionId?: number;
  teamId?: number;
  personId?: number;
  status?: string;
  /** Inclusive start and exclusive end of the kickoff window. */
  from?: Date;
  to?: Date;
}

export function listContests(db: Db, f: ContestFilter) {
  const and: Prisma.ContestWhereInput[] = [];
  if (f.editionId !== undefined) and.push({ editionId: f.editionId });
  if (f.competitionId !== undefined) and.push({ edition: { competitionId: f.competitionId } });
  if (f.teamId !== undefined) and.push({ participants: { some: { teamId: f.teamId } } });
  // A person "appears" in a contest as a participant (individual sports) or with a recorded stat.
  if (f.personId !== undefined) {
    and.push({
      OR: [
        { participants: { some: { personId: f.personId } } },
        { personStats: { some: { personId: f.personId } } },
      ],
    });
  }
  if (f.status !== undefined) and.push({ status: f.status });
  if (f.from || f.to) and.push({ kickoffAt: { gte: f.from, lt: f.to } });
  return db.contest.findMany({
    where: { AND: and },
    select: contestSelect,
    orderBy: [{ kickoffAt: "asc" }, { id: "asc" }],
  });
}

export function getContest(db: Db, id: number) {
  return db.contest.findUnique({ where: { id }, select: contestSelect });
}

export type ContestRow = NonNullable<Awaited<ReturnType<typeof getContest>>>;

export async function contestExists(db: Db, id: number): Promise<boolean> {
  return (await db.contest.count({ where: { id } })) > 0;
}
