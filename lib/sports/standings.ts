import { recordChanges } from "../events/changes";
import type { DbOrTx } from "../platform/db/client";
import { rulesFor } from "./leagues";
import {
  editionForTable,
  editionResults,
  listStandings,
  teamNames,
  updateStanding,
  writeStandingChanges,
} from "./store/standings";
import { computeTable, type TableMatch } from "./table";

/** Stages whose contests make up a single league table (group ""). */
const TABLE_STAGES = new Set(["Regular Season", "League phase"]);

/** The table group a contest counts for: "" for a single table, "A" for stage "Group A", null for knockouts. */
export function groupOf(stage: string): string | null {
  if (TABLE_STAGES.has(stage)) return "";
  const m = /^Group (\w+)$/i.exec(stage);
  return m ? m[1] : null;
}

const FIELDS = [
  "position",
  "played",
  "won",
  "drawn",
  "lost",
  "goalsFor",
  "goalsAgainst",
  "goalDifference",
  "points",
  "form",
  "adjustment",
  "adjustmentNote",
] as const;

/**
 * Recomputes an edition's Standing rows from its finished table-stage contests (see table.ts for
 * the tie-breaks). Rows are updated in place, so re-running with unchanged results writes nothing
 * and ids stay stable. Returns the number of rows created, updated or deleted.
 */
export async function rebuildStandings(db: DbOrTx, editionId: number): Promise<number> {
  const edition = await editionForTable(db, editionId);
  if (!edition) throw new Error(`edition ${editionId} not found`);
  const contests = await editionResults(db, editionId);
  const groups = new Map<
    string,
    { stage: string; teams: Set<number>; matches: TableMatch[]; pending: Array<[number, number]> }
  >();
  for (const c of contests) {
    const group = groupOf(c.stage);
    const home = c.participants.find((p) => p.side === "home");
    const away = c.participants.find((p) => p.side === "away");
    if (group === null || home?.teamId == null || away?.teamId == null) continue;
    let g = groups.get(group);
    if (!g) groups.set(group, (g = { stage: c.stage, teams: new Set(), matches: [], pending: [] }));
    g.teams.add(home.teamId).add(away.teamId);
    if (c.status === "finished" && home.score != null && away.score != null) {
      g.matches.push({
        home: home.teamId,
        away: away.teamId,
        homeGoals: home.score,
        awayGoals: away.score,
        at: c.kickoffAt.getTime(),
      });
    } else if (c.status !== "cancelled") g.pending.push([home.teamId, away.teamId]);
  }
  // Adjustments count in every table the team plays in (single table or its group).
  const adjustments = new Map<number, number>();
  const notes = new Map<number, string[]>();
  for (const a of edition.adjustments) {
    adjustments.set(a.teamId, (adjustments.get(a.teamId) ?? 0) + a.points);
    notes.set(a.teamId, [
      ...(notes.get(a.teamId) ?? []),
      `${a.points > 0 ? "+" : ""}${a.points}: ${a.reason}`,
    ]);
  }
  const teamIds = [...new Set([...groups.values()].flatMap((g) => [...g.teams]))];
  const names = new Map((await teamNames(db, teamIds)).map((t) => [t.id, t.name]));
  const wanted = [...groups.entries()].flatMap(([group, g]) =>
    computeTable(g.teams, g.matches, rulesFor(edition.competition, edition.name, g.stage), names, {
      adjustments,
      pending: g.pending,
    }).map((row) => ({
      ...row,
      adjustmentNote: notes.get(row.teamId)?.join("; ") ?? null,
      group,
    })),
  );

  const existing = await listStandings(db, editionId);
  const byKey = new Map(existing.map((s) => [`${s.group}|${s.teamId}`, s]));
  let changed = 0;
  const create = [];
  for (const row of wanted) {
    const key = `${row.group}|${row.teamId}`;
    const old = byKey.get(key);
    byKey.delete(key);
    if (!old) create.push({ editionId, ...row });
    else if (FIELDS.some((f) => old[f] !== row[f])) {
      await updateStanding(db, old.id, Object.fromEntries(FIELDS.map((f) => [f, row[f]])));
      changed++;
    }
  }
  await writeStandingChanges(
    db,
    create,
    [...byKey.values()].map((s) => s.id),
  );
  const total = changed + create.length + byKey.size;
  if (total)
    await recordChanges(db, [
      {
        type: "standings.updated",
        resourceId: editionId,
        competitionId: edition.competition.id,
        contestId: null,
        data: {
          edition_id: String(editionId),
          competition_id: String(edition.competition.id),
          rows_changed: total,
          rows: wanted.map((r) => ({
            group: r.group,
            position: r.position,
            team_id: String(r.teamId),
            played: r.played,
            won: r.won,
            drawn: r.drawn,
            lost: r.lost,
            goals_for: r.goalsFor,
            goals_against: r.goalsAgainst,
            points: r.points,
          })),
        },
      },
    ]);
  return total;
}
