import { z } from "zod";
import { getCompetition } from "../../repos/competitions";
import { getEdition } from "../../repos/editions";
import { editionsOf, statBoard, statsRecorded, type BoardRow } from "../../repos/stats";
import { invalidParameter, notFound } from "../errors";
import { q } from "../request";
import { idField, refField, strId, strIdOrNull } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

/** The board a sport shows when no stat is asked for. */
export const DEFAULT_STAT: Record<string, string> = { football: "goals", tennis: "wins" };

const BoardItem = z.object({
  rank: z.number().int().describe("Standard competition ranking: equal values share a rank (1, 2, 2, 4)"),
  person_id: idField("person"),
  person_name: z.string(),
  team_id: refField("person's team (for a competition: in its latest edition)"),
  value: z.number().int().describe("Total of the statistic in the scope"),
  contests: z.number().int().describe("Contests in which the person recorded the statistic"),
});

const Board = z.object({
  competition_id: idField("competition"),
  edition_id: refField("edition; null when the board sums all editions of the competition"),
  stat: z.string(),
  stats_available: z.array(z.string()).describe("Statistics recorded in this scope, valid values of stat"),
  items: z.array(BoardItem),
});

function ranked(rows: BoardRow[]): z.infer<typeof BoardItem>[] {
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || r.value !== rows[i - 1].value) rank = i + 1;
    return { rank, person_id: strId(r.personId), person_name: r.personName, team_id: strIdOrNull(r.teamId), value: r.value, contests: r.contests };
  });
}

export const statBoardRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/analysis/stat-board",
    summary: "Ranked board of one statistic for an edition or a whole competition",
    description:
      "Give exactly one of edition or competition (a competition sums all its editions). stat defaults to goals for " +
      "football and wins for tennis; stats_available lists the others (e.g. assists, minutes, yellow_cards, aces, " +
      "double_faults). limit defaults to 20 and is clamped to 100; there is no offset. Ties in value break by fewer contests, then person id.",
    tags: ["Analysis"],
    query: z.strictObject({
      competition: q.id.optional().describe("Competition id: totals over all its editions"),
      edition: q.id.optional().describe("Edition (season) id"),
      stat: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "must be a statistic name such as goals").optional().describe("Statistic to rank by"),
      limit: q.positiveLimit(100, 20),
    }),
    response: Board,
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ query }) => {
      if (query.competition && query.edition) throw invalidParameter("competition", "give either competition or edition, not both");
      let competitionId: number;
      let editionIds: number[];
      if (query.edition) {
        const edition = await getEdition(query.edition);
        if (!edition) throw notFound(`Edition ${query.edition} (parameter 'edition')`);
        competitionId = edition.competitionId;
        editionIds = [edition.id];
      } else if (query.competition) {
        competitionId = query.competition;
        editionIds = await editionsOf(competitionId);
      } else {
        throw invalidParameter("competition", "a scope is required: give competition or edition");
      }
      const competition = await getCompetition(competitionId);
      if (!competition) throw notFound(`Competition ${competitionId} (parameter 'competition')`);
      const available = editionIds.length ? await statsRecorded(editionIds) : [];
      const stat = query.stat ?? DEFAULT_STAT[competition.sport] ?? available[0] ?? "goals";
      if (query.stat && !available.includes(stat)) {
        throw invalidParameter("stat", `'${stat}' is not recorded here; available: ${available.join(", ") || "none yet"}`);
      }
      const rows = available.includes(stat) ? await statBoard(editionIds, stat, query.limit) : [];
      return {
        competition_id: strId(competitionId),
        edition_id: query.edition ? strId(query.edition) : null,
        stat,
        stats_available: available,
        items: ranked(rows),
      };
    },
  }),
];
