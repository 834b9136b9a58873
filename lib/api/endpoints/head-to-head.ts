import { z } from "zod";
import { meetings } from "../../repos/season-stats";
import { getTeam } from "../../repos/teams";
import { notFound } from "../../platform/errors";
import { inZone, q, refs } from "../request";
import { dateTime, idField, pathId } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

/** A team's record from finished contests, shared by its season (season-stats.ts) and head-to-head. */

export const Record_ = z.object({
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goals_for: z.number().int(),
  goals_against: z.number().int(),
});

export function record(
  rows: Array<{ goalsFor: number | null; goalsAgainst: number | null; outcome: string | null }>,
) {
  const r = { played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0 };
  for (const m of rows) {
    if (m.outcome === null) continue;
    r.played++;
    if (m.outcome === "win") r.won++;
    else if (m.outcome === "loss") r.lost++;
    else r.drawn++;
    r.goals_for += m.goalsFor ?? 0;
    r.goals_against += m.goalsAgainst ?? 0;
  }
  return r;
}

/** A path's `{id}` as a record id (a slug was read as its id before), or 404 naming the record. */
export function idParam(raw: string | undefined, label: string): number {
  const id = pathId(raw);
  if (!id) throw notFound(`${label} ${raw}`);
  return id;
}

const HeadToHead = z.object({
  team_id: idField("team"),
  team_name: z.string(),
  opponent_id: idField("opponent team"),
  opponent_name: z.string(),
  record: Record_.describe("Finished meetings from team_id's side"),
  meetings: z.array(
    z.object({
      contest_id: idField("contest"),
      competition_id: idField("competition"),
      edition_id: idField("edition"),
      kickoff_at: dateTime,
      status: z.string(),
      side: z.string().describe("team_id's side"),
      goals_for: z.number().int().nullable(),
      goals_against: z.number().int().nullable(),
      outcome: z.string().nullable(),
    }),
  ),
});

export const headToHeadRoute: RouteDef = defineRoute({
  pattern: "/v1/teams/{id}/head-to-head",
  summary: "Two teams' record against each other and every meeting, newest first",
  scope: "teams",
  tags: ["Teams"],
  query: z.strictObject({ opponent: refs.requiredTeam("The other team"), timezone: q.timezone }),
  response: HeadToHead,
  group: "analysis",
  cacheTtlMs: 30_000,
  handler: async ({ params, query, db }) => {
    const teamId = idParam(params.id, "Team");
    const team = await getTeam(db, teamId);
    if (!team) throw notFound(`Team ${params.id}`);
    const opponent = await getTeam(db, query.opponent);
    if (!opponent) throw notFound(`Team ${query.opponent} (parameter 'opponent')`);
    const rows = await meetings(db, teamId, query.opponent);
    const list = rows.map((r) => ({
      contest_id: String(r[0]),
      competition_id: String(r[1]),
      edition_id: String(r[2]),
      kickoff_at: inZone(r[3], query.timezone),
      status: r[4],
      side: r[5],
      goals_for: r[6],
      goals_against: r[7],
      outcome: r[8],
    }));
    return {
      team_id: String(teamId),
      team_name: team[1],
      opponent_id: String(query.opponent),
      opponent_name: opponent[1],
      record: record(
        list.map((m) => ({ goalsFor: m.goals_for, goalsAgainst: m.goals_against, outcome: m.outcome })),
      ),
      meetings: list,
    };
  },
});
