/**
 * Goals of the international set as match events, their scorers as persons (one per team and
 * accent-free name across the years, the same person another source already put on that team's
 * roster) and their goals as player match stats, in bulk. An own goal is an event of the side it
 * counted for and an `own_goals` stat of its scorer, who plays for the other side.
 */
import type { Tx } from "../../platform/db/client";
import type { Provider } from "../../platform/db/config";
import { sid } from "../../events/changes";
import type { ChangeInput } from "../../events/types";
import { nameTokens, normalizeName } from "../../sports/normalize";
import { joinNamesake, type Namesake } from "../../sports/persons";
import * as store from "../store/international-goals";
import type { IntlMatch } from "./parse";

interface GoalItem {
  m: IntlMatch;
  contestId?: number;
  editionId: number;
  teamIds: [number, number];
}

export async function writeGoals(
  tx: Tx,
  provider: Provider,
  source: string,
  items: GoalItem[],
  competitionOf: (editionId: number) => number,
) {
  const withGoals = items.filter((i) => i.m.goals.length);
  const scorerTeam = (i: GoalItem, side: 0 | 1, ownGoal: boolean) => i.teamIds[ownGoal ? 1 - side : side];
  const refOf = (teamId: number, name: string) => `${source}/${teamId}/${normalizeName(name)}`;
  const personOf = new Map<string, number>();
  for (const p of await store.personsByRefPrefix(tx, `${source}/`)) personOf.set(p.externalRef!, p.id);
  const teams = [...new Set(withGoals.flatMap((i) => i.teamIds))];
  // Another source's scorer is joined by the one person rule (lib/sports/persons.ts): the name and
  // the team, never the name alone.
  const namesakes = new Map<string, Namesake[]>();
  for (const { teamId, person } of teams.length ? await store.rosteredOfTeams(tx, teams) : []) {
    if (teamId === null) continue;
    const list = namesakes.get(person.nameNormalized) ?? [];
    const known = list.find((p) => p.id === person.id);
    if (known) known.teamIds = [...(known.teamIds ?? []), teamId];
    else list.push({ id: person.id, teamIds: [teamId] });
    namesakes.set(person.nameNormalized, list);
  }
  const wanted = new Map<string, string>();
  for (const i of withGoals)
    for (const g of i.m.goals) {
      const teamId = scorerTeam(i, g.side, g.ownGoal);
      const ref = refOf(teamId, g.scorer);
      if (!personOf.has(ref)) {
        const other = joinNamesake(namesakes.get(normalizeName(g.scorer)) ?? [], { teamId });
        if (other) personOf.set(ref, other.id);
        else if (!wanted.has(ref)) wanted.set(ref, g.scorer);
      }
    }
  const made = await store.insertPersons(
    tx,
    provider,
    [...wanted].map(([ref, name]) => {
      const words = name.split(/\s+/);
      return {
        name,
        normalized: normalizeName(name),
        first: words.length > 1 ? words[0] : null,
        last: words.length > 1 ? words.slice(1).join(" ") : name,
        ref,
      };
    }),
  );
  const changes: ChangeInput[] = [];
  for (const p of made) {
    personOf.set(p.externalRef, p.id);
    changes.push({
      type: "person.created",
      resourceId: p.id,
      competitionId: null,
      contestId: null,
      data: { id: String(p.id), name: wanted.get(p.externalRef)!, sport: "football" },
    });
  }
  await store.insertNameTokens(
    tx,
    provider,
    made.flatMap((p) => nameTokens(wanted.get(p.externalRef)!).map((t) => [t, p.id])),
  );
  const now = new Date();
  const events: Array<{ row: (string | number | boolean | Date | null)[]; contest: GoalItem; ext: string }> =
    [];
  const stats = new Map<string, [number, number, number, string, number]>();
  const roster = new Map<string, [number, number, number, string]>();
  for (const i of withGoals) {
    const order = i.m.goals
      .map((g, n) => ({ g, n }))
      .sort((a, b) => (a.g.minute ?? 0) - (b.g.minute ?? 0) || a.n - b.n);
    order.forEach(({ g, n }, sequence) => {
      const team = scorerTeam(i, g.side, g.ownGoal);
      const personId = personOf.get(refOf(team, g.scorer)) ?? null;
      const ext = `${i.m.key}/${n + 1}`;
      events.push({
        contest: i,
        ext,
        row: [
          i.contestId!,
          "goal",
          sequence,
          g.minute,
          i.teamIds[g.side],
          personId,
          g.scorer,
          g.penalty,
          g.ownGoal,
          source,
          ext,
          now,
        ],
      });
      if (personId === null) return;
      const stat = g.ownGoal ? "own_goals" : "goals";
      const k = `${i.contestId}/${personId}/${stat}`;
      const s = stats.get(k);
      if (s) s[4]++;
      else stats.set(k, [i.contestId!, personId, team, stat, 1]);
      roster.set(`${i.editionId}/${personId}`, [i.editionId, team, personId, "player"]);
    });
  }
  const ids = await store.insertEvents(
    tx,
    provider,
    events.map((e) => e.row),
  );
  for (const e of events) {
    const [contestId, , , minute, teamId, personId, personName, penalty, ownGoal] = e.row;
    changes.push({
      type: "contest.event",
      resourceId: contestId as number,
      competitionId: competitionOf(e.contest.editionId),
      contestId: contestId as number,
      data: {
        id: String(ids.get(e.ext)),
        contest_id: String(contestId),
        type: "goal",
        minute,
        added_time: null,
        team_id: sid(teamId as number),
        person_id: sid(personId as number | null),
        person_name: personName,
        related_person_id: null,
        related_name: null,
        penalty,
        own_goal: ownGoal,
        detail: null,
        source,
        revision: 1,
        deleted: false,
      },
    });
  }
  await store.insertContestStats(tx, provider, [...stats.values()]);
  await store.insertRosterEntries(tx, provider, [...roster.values()]);
  return { changes, created: events.length, personsCreated: made.length };
}
