import type { Db } from "../db";

const competitionSelect = {
  id: true,
  slug: true,
  name: true,
  sport: true,
  kind: true,
  format: true,
  country: true,
  // The current edition lets a client walk from a competition to its fixtures in one hop.
  editions: { where: { current: true }, select: { id: true }, orderBy: { startDate: "desc" }, take: 1 },
} as const;

export function listCompetitions(db: Db, sport?: string) {
  return db.competition.findMany({ where: { sport }, select: competitionSelect, orderBy: { id: "asc" } });
}

export function getCompetition(db: Db, id: number) {
  return db.competition.findUnique({ where: { id }, select: competitionSelect });
}

export type CompetitionRow = NonNullable<Awaited<ReturnType<typeof getCompetition>>>;

/** The edition flagged current, else the one that started last; null for an unknown competition. */
export async function currentEditionId(db: Db, competitionId: number): Promise<number | null> {
  const row = await db.edition.findFirst({
    where: { competitionId },
    orderBy: [{ current: "desc" }, { startDate: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return row?.id ?? null;
}

export async function competitionExists(db: Db, id: number): Promise<boolean> {
  return (await db.competition.count({ where: { id } })) > 0;
}
