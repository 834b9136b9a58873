import type { Db } from "../db";

const teamSelect = {
  id: true,
  name: true,
  shortName: true,
  code: true,
  country: true,
  founded: true,
  venue: true,
} as const;

export async function listTeams(db: Db, limit: number, offset: number) {
  // Ordered by id: stable, so the offset loop visits every row exactly once.
  const [items, total] = await Promise.all([
    db.team.findMany({ select: teamSelect, orderBy: { id: "asc" }, take: limit, skip: offset }),
    db.team.count(),
  ]);
  return { items, total };
}

export function getTeam(db: Db, id: number) {
  return db.team.findUnique({ where: { id }, select: teamSelect });
}
