import { db } from "../db";

export interface BoardRow {
  personId: number;
  personName: string;
  teamId: number | null;
  value: number;
  contests: number;
}

/** Statistic names recorded for the editions, e.g. ["assists", "goals", "minutes"]. */
export async function statsRecorded(editionIds: number[]): Promise<string[]> {
  // groupBy is a GROUP BY in SQL; findMany's `distinct` would fetch every row and dedupe in JS.
  const rows = await db.personEditionStat.groupBy({ by: ["stat"], where: { editionId: { in: editionIds } } });
  return rows.map((r) => r.stat).sort();
}

/** Top rows of one edition: read straight off the (editionId, stat, value desc) index. */
async function editionBoard(editionId: number, stat: string, limit: number): Promise<BoardRow[]> {
  const rows = await db.personEditionStat.findMany({
    where: { editionId, stat },
    select: { personId: true, teamId: true, value: true, contests: true, person: { select: { name: true } } },
    orderBy: [{ value: "desc" }, { contests: "asc" }, { personId: "asc" }],
    take: limit,
  });
  return rows.map((r) => ({ personId: r.personId, personName: r.person.name, teamId: r.teamId, value: r.value, contests: r.contests }));
}

/** Competition scope: totals summed over its editions; team_id is the person's team in the latest one. */
async function competitionBoard(editionIds: number[], stat: string, limit: number): Promise<BoardRow[]> {
  const sums = await db.personEditionStat.groupBy({
    by: ["personId"],
    where: { editionId: { in: editionIds }, stat },
    _sum: { value: true, contests: true },
    orderBy: [{ _sum: { value: "desc" } }, { _sum: { contests: "asc" } }, { personId: "asc" }],
    take: limit,
  });
  const ids = sums.map((s) => s.personId);
  const [persons, latest] = await Promise.all([
    db.person.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    db.personEditionStat.findMany({
      where: { personId: { in: ids }, editionId: { in: editionIds }, stat },
      select: { personId: true, teamId: true, edition: { select: { startDate: true } } },
    }),
  ]);
  const names = new Map(persons.map((p) => [p.id, p.name]));
  const team = new Map<number, { teamId: number | null; start: number }>();
  for (const l of latest) {
    const start = l.edition.startDate.getTime();
    const prev = team.get(l.personId);
    if (!prev || start > prev.start) team.set(l.personId, { teamId: l.teamId, start });
  }
  return sums.map((s) => ({
    personId: s.personId,
    personName: names.get(s.personId) ?? "",
    teamId: team.get(s.personId)?.teamId ?? null,
    value: s._sum.value ?? 0,
    contests: s._sum.contests ?? 0,
  }));
}

export function statBoard(editionIds: number[], stat: string, limit: number): Promise<BoardRow[]> {
  return editionIds.length === 1 ? editionBoard(editionIds[0], stat, limit) : competitionBoard(editionIds, stat, limit);
}

export function editionsOf(competitionId: number) {
  return db.edition.findMany({ where: { competitionId }, select: { id: true }, orderBy: { id: "asc" } }).then((r) => r.map((e) => e.id));
}
