import { z } from "zod";
import { contestEvents, contestLineups, contestStatistics, type EventTuple } from "../../repos/match-centre";
import { notFound } from "../../platform/errors";
import { idField, pathId, refField } from "../shapes";
import { listFieldsJson, rowWriter } from "../serialize";
import { defineRoute, RawJson, type RouteDef } from "../types";

/** A contest's match centre: events, lineups, team and player statistics, each team id beside its name. */

const sid = (v: number | null) => (v === null ? null : String(v));

export const MatchEvent = z.object({
  id: idField("event (stable: corrections keep it and raise revision)"),
  type: z.enum(["goal", "yellow_card", "red_card", "substitution", "set"]),
  minute: z.number().int().nullable().describe("Match minute; null for tennis sets"),
  added_time: z.number().int().nullable().describe("Stoppage-time offset: 90+3 is minute 90, added_time 3"),
  team_id: refField("team the event counts for (an own goal: the team credited with it)"),
  team_name: z.string().nullable().describe("That team's name"),
  person_id: refField("person (scorer, booked player, player going off, set winner)"),
  person_name: z.string().nullable().describe("The name as the source wrote it"),
  related_person_id: refField("assisting player, or the player coming on"),
  related_name: z.string().nullable(),
  penalty: z.boolean(),
  own_goal: z.boolean(),
  detail: z.string().nullable().describe('e.g. a tennis set "7-6(5)"'),
  source: z.string().describe("openfootball, seed, or a live feed's name"),
  revision: z.number().int().describe("1 when created; grows with every correction"),
});

/** Compiled from the schema (lib/api/serialize.ts): events are the largest match-centre lists. */
const eventJson = rowWriter(MatchEvent, {
  id: 1,
  type: 2,
  minute: 3,
  added_time: 4,
  team_id: 5,
  team_name: 15,
  person_id: 6,
  person_name: 7,
  related_person_id: 8,
  related_name: 9,
  penalty: 10,
  own_goal: 11,
  detail: 12,
  source: 13,
  revision: 14,
});

const coverage = z
  .boolean()
  .describe("false: the source has no such data for this contest (the list is empty)");

const LineupPlayer = z.object({
  person_id: idField("person"),
  name: z.string(),
  shirt_number: z.number().int().nullable(),
  position: z.string().nullable(),
});
const Lineup = z.object({
  side: z.string().describe("home or away"),
  team_id: idField("team"),
  team_name: z.string().nullable().describe("That team's name"),
  formation: z.string().nullable().describe('e.g. "4-3-3"'),
  starters: z.array(LineupPlayer),
  substitutes: z.array(LineupPlayer),
});

const TeamStats = z.object({
  side: z.string().nullable(),
  team_id: idField("team"),
  team_name: z.string().nullable().describe("That team's name"),
  shots: z.number().int().nullable(),
  shots_on_target: z.number().int().nullable(),
  corners: z.number().int().nullable(),
  fouls: z.number().int().nullable(),
  yellow_cards: z.number().int().nullable(),
  red_cards: z.number().int().nullable(),
});
const PlayerStats = z.object({
  person_id: idField("person"),
  name: z.string(),
  team_id: refField("team"),
  team_name: z.string().nullable().describe("That team's name"),
  stats: z
    .record(z.string(), z.number().int())
    .describe("Statistic name -> value, e.g. goals, minutes, aces"),
});

const EVENT_EXAMPLE = {
  id: "1201",
  type: "goal",
  minute: 23,
  added_time: null,
  team_id: "3",
  team_name: "Argentina",
  person_id: "77",
  person_name: "Lionel Messi",
  related_person_id: null,
  related_name: null,
  penalty: true,
  own_goal: false,
  detail: null,
  source: "openfootball",
  revision: 1,
};

function contestId(raw: string | undefined): number {
  const id = pathId(raw);
  if (!id) throw notFound(`Contest ${raw}`);
  return id;
}

export const matchCentreRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/contests/{id}/events",
    summary: "A contest's events: goals, cards, substitutions, tennis sets",
    description:
      "In match order. Each event keeps its id when corrected (revision grows); deleted events leave this list and " +
      "appear in the change feed as contest.event with deleted: true. A contest without events answers an empty list " +
      "with coverage: false; an unknown contest is 404.",
    scope: "contests",
    tags: ["Contests"],
    query: z.strictObject({}),
    response: z
      .object({ items: z.array(MatchEvent), coverage })
      .meta({ examples: [{ items: [EVENT_EXAMPLE], coverage: true }] }),
    group: "contests",
    cacheTtlMs: 15_000,
    handler: async ({ params, db }) => {
      const rows = await contestEvents(db, contestId(params.id));
      if (!rows) throw notFound(`Contest ${params.id}`);
      return new RawJson(
        listFieldsJson(rows, (r: EventTuple) => eventJson(r), `"coverage":${rows.length > 0}`),
      );
    },
  }),
  defineRoute({
    pattern: "/v1/contests/{id}/lineups",
    summary: "A contest's lineups: starters and substitutes per side",
    description:
      "One item per side with a lineup: formation, starters and substitutes with shirt number and position. " +
      "No lineup: an empty list with coverage: false.",
    scope: "contests",
    tags: ["Contests"],
    query: z.strictObject({}),
    response: z.object({ items: z.array(Lineup), coverage }).meta({
      examples: [
        {
          items: [
            {
              side: "home",
              team_id: "3",
              team_name: "Argentina",
              formation: "4-3-3",
              starters: [
                { person_id: "40", name: "Emiliano Martínez", shirt_number: 23, position: "Goalkeeper" },
              ],
              substitutes: [],
            },
          ],
          coverage: true,
        },
      ],
    }),
    group: "contests",
    cacheTtlMs: 15_000,
    handler: async ({ params, db }) => {
      const rows = await contestLineups(db, contestId(params.id));
      if (!rows) throw notFound(`Contest ${params.id}`);
      const items: Array<z.output<typeof Lineup>> = [];
      for (const r of rows) {
        let side = items.find((s) => s.team_id === String(r[1]));
        if (!side) {
          const team = { team_id: String(r[1]), team_name: r[8] };
          items.push((side = { side: r[0]!, ...team, formation: r[2], starters: [], substitutes: [] }));
        }
        const player = { person_id: String(r[3]), name: r[4]!, shirt_number: r[6], position: r[7] };
        (r[5] === "starter" ? side.starters : side.substitutes).push(player);
      }
      return { items, coverage: items.length > 0 };
    },
  }),
  defineRoute({
    pattern: "/v1/contests/{id}/statistics",
    summary: "A contest's team statistics, referee and player box score",
    description:
      "teams: shots, shots on target, corners, fouls, yellow and red cards per side (null where the source has no " +
      "figure); players: every person's statistics in the contest. coverage is false when there are neither.",
    scope: "contests",
    tags: ["Contests"],
    query: z.strictObject({}),
    response: z
      .object({
        referee: z.string().nullable(),
        teams: z.array(TeamStats),
        players: z.array(PlayerStats),
        coverage,
      })
      .meta({
        examples: [
          {
            referee: "R Jones",
            teams: [
              {
                side: "home",
                team_id: "12",
                team_name: "Arsenal",
                shots: 14,
                shots_on_target: 5,
                corners: 7,
                fouls: 12,
                yellow_cards: 2,
                red_cards: 0,
              },
            ],
            players: [
              {
                person_id: "77",
                name: "Lionel Messi",
                team_id: "3",
                team_name: "Argentina",
                stats: { goals: 2 },
              },
            ],
            coverage: true,
          },
        ],
      }),
    group: "contests",
    cacheTtlMs: 15_000,
    handler: async ({ params, db }) => {
      const found = await contestStatistics(db, contestId(params.id));
      if (!found) throw notFound(`Contest ${params.id}`);
      const players: Array<z.output<typeof PlayerStats>> = [];
      for (const [personId, name, teamId, stat, value, teamName] of found.players) {
        let p = players[players.length - 1];
        if (!p || p.person_id !== String(personId)) {
          const team = { team_id: sid(teamId), team_name: teamName };
          players.push((p = { person_id: String(personId), name, ...team, stats: {} }));
        }
        p.stats[stat] = Number(value);
      }
      const teams = found.teams.map((t) => ({
        side: t[0],
        team_id: String(t[1]),
        team_name: t[9],
        shots: t[2],
        shots_on_target: t[3],
        corners: t[4],
        fouls: t[5],
        yellow_cards: t[6],
        red_cards: t[7],
      }));
      return { referee: found.referee, teams, players, coverage: teams.length + players.length > 0 };
    },
  }),
];
