import type { Db } from "../db";

export function listStandings(db: Db, editionId: number, group?: string) {
  return db.standing.findMany({
    where: { editionId, group },
    select: {
      id: true,
      editionId: true,
      group: true,
      teamId: true,
      position: true,
      played: true,
      won: true,
      drawn: true,
      lost: true,
      goalsFor: true,
      goalsAgainst: true,
      goalDifference: true,
      points: true,
      form: true,
      adjustment: true,
      adjustmentNote: true,
      updatedAt: true,
      team: { select: { name: true } },
    },
    orderBy: [{ group: "asc" }, { position: "asc" }, { id: "asc" }],
  });
}

export type StandingRow = Awaited<ReturnType<typeof listStandings>>[number];
