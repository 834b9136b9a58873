/**
 * Imports the international results set (parse.ts) through the write path every importer shares:
 * teams through TeamResolver, competitions by name (competition.ts), contests with their change-feed
 * entries (contest.created, contest.event, person.created) in one transaction. Set-based: the
 * whole file is compared with what the source already gave (contest_sources), and only what is
 * new is written, in bulk statements; a re-import of the same files writes nothing.
 *
 * Editions are per tournament and calendar year ("FIFA World Cup" 2022, "Friendly" 1872), the
 * year openfootball names a tournament edition by, so both sources meet in one edition.
 */
import { retryBusy } from "../../platform/db/busy-retry";
import { urlOf, type Db, type Tx } from "../../platform/db/client";
import { providerOf, type Provider } from "../../platform/db/config";
import { recordChanges } from "../../events/changes";
import { contestChanges } from "../../events/contest-state";
import type { ChangeInput } from "../../events/types";
import { syncRatings } from "../../sports/ratings";
import { outranks } from "../../sports/sources";
import * as store from "../store/international";
import { rebuildStatsOf } from "../store/international-goals";
import { TeamResolver } from "../teams";
import type { RowError } from "../types";
import { resolveCompetitions, resolveEditions } from "./editions";
import { parseInternational, type IntlMatch } from "./parse";
import { writeGoals } from "./goals";
import { derive, detailOf, editionNameOf, factsOf, kickoffOf, sideNames, type Derived } from "./rows";

export const SOURCE = "international";

export interface InternationalSummary {
  format: "international";
  matches: number;
  contests: { imported: number; linked: number; unchanged: number; changed: number };
  goals: { created: number; skipped: number };
  shootouts: number;
  teamsCreated: number;
  personsCreated: number;
  competitionsCreated: number;
  editionsCreated: number;
  ratingsWritten: number;
  errors: RowError[];
  notes: string[];
}

export type Progress = (step: string, done: number, total: number) => void;

export async function importInternational(
  db: Db,
  dir: string,
  progress?: Progress,
): Promise<InternationalSummary> {
  const parsed = parseInternational(dir);
  const provider = providerOf(urlOf(db));
  return retryBusy(() =>
    db.$transaction(
      async (tx) => {
        const summary = await write(tx, provider, parsed.matches, parsed.formerNames, progress);
        summary.errors.push(...parsed.errors);
        summary.notes.unshift(...parsed.notes);
        summary.shootouts = parsed.matches.filter((m) => m.shootout).length;
        return summary;
      },
      { timeout: 10 * 60_000, maxWait: 30_000 },
    ),
  );
}

interface Item {
  m: IntlMatch;
  d: Derived;
  editionId: number;
  teamIds: [number, number];
  contestId?: number;
  /** True when this source writes the goal list (no higher-ranked source describes the contest). */
  ownsGoals: boolean;
}

async function write(
  tx: Tx,
  provider: Provider,
  matches: IntlMatch[],
  former: ReturnType<typeof parseInternational>["formerNames"],
  progress?: Progress,
): Promise<InternationalSummary> {
  const step = (s: string, i: number) => progress?.(s, i, 8);
  const notes: string[] = [];
  step("teams", 0);
  const teams = await TeamResolver.load(tx);
  const teamId = new Map<string, number>();
  for (const name of new Set([...matches.flatMap((m) => [m.home, m.away]), ...former.map((f) => f.current)]))
    teamId.set(name, await teams.resolve(name, null));
  await store.insertFormerNames(
    tx,
    provider,
    former.map((f) => [teamId.get(f.current)!, f.former, kickoffOf(f.start), kickoffOf(f.end)]),
  );
  step("competitions", 1);
  const comps = await resolveCompetitions(tx, [...new Set(matches.map((m) => m.tournament))]);
  const editions = await resolveEditions(tx, provider, comps.ids, matches);
  step("matching", 2);
  const known = new Map((await store.sourceRows(tx, SOURCE)).map((r) => [r.key, r]));
  const items: Item[] = [];
  let unchanged = 0;
  let changed = 0;
  for (const m of matches) {
    const d = derive(m);
    const row = known.get(m.key);
    if (row) {
      if (row.facts === JSON.stringify(factsOf(m, d, [teamId.get(m.home)!, teamId.get(m.away)!])))
        unchanged++;
      else changed++;
      continue;
    }
    items.push({
      m,
      d,
      editionId: editions.idOf(comps.ids.get(m.tournament)!, editionNameOf(m)),
      teamIds: [teamId.get(m.home)!, teamId.get(m.away)!],
      ownsGoals: true,
    });
  }
  if (changed)
    notes.push(
      `${changed} match(es) already imported differ from the stored facts (an upstream correction); they are left as they are`,
    );
  const linked = await linkOtherSources(tx, provider, items);
  step("contests", 3);
  const fresh = items.filter((i) => i.contestId === undefined);
  const changes: ChangeInput[] = [];
  const ids = await store.insertContests(
    tx,
    provider,
    fresh.map(({ m, d, editionId }) => [
      editionId,
      "",
      "",
      "finished",
      kickoffOf(m.date),
      `${SOURCE}/${m.key}`,
      d.decidedBy,
      m.city || null,
      m.country || null,
      m.neutral,
      d.complete,
      m.shootout?.first ?? null,
    ]),
  );
  for (const i of fresh) i.contestId = ids.get(`${SOURCE}/${i.m.key}`)!;
  const sides = fresh.flatMap((i) => {
    const names = sideNames(i.m, former);
    const detail = detailOf(i.d, i.m);
    return [0, 1].map((s) => [
      i.contestId!,
      s === 0 ? "home" : "away",
      i.teamIds[s],
      i.m.score[s],
      i.d.outcome[s],
      i.d.fullTime?.[s] ?? null,
      i.d.extraTime?.[s] ?? null,
      detail,
      names[s],
    ]);
  });
  await store.insertParticipants(tx, provider, sides);
  for (const i of fresh)
    changes.push(
      ...contestChanges(null, {
        id: i.contestId!,
        editionId: i.editionId,
        competitionId: editions.competitionOf(i.editionId),
        round: "",
        stage: "",
        status: "finished",
        kickoffAt: kickoffOf(i.m.date),
        venue: null,
        participants: [0, 1].map((s) => ({
          side: s === 0 ? "home" : "away",
          teamId: i.teamIds[s],
          personId: null,
          score: i.m.score[s],
          halftimeScore: null,
          scoreDetail: detailOf(i.d, i.m),
          outcome: i.d.outcome[s],
          fullTimeScore: i.d.fullTime?.[s] ?? null,
          extraTimeScore: i.d.extraTime?.[s] ?? null,
          penaltyScore: null,
        })),
      }),
    );
  await store.insertSources(
    tx,
    provider,
    items.map((i) => [SOURCE, i.m.key, i.contestId!, i.m.seq, JSON.stringify(factsOf(i.m, i.d, i.teamIds))]),
  );
  step("goals", 4);
  const goals = await writeGoals(
    tx,
    provider,
    SOURCE,
    items.filter((i) => i.ownsGoals),
    editions.competitionOf,
  );
  changes.push(...goals.changes);
  step("change feed", 5);
  await recordChanges(tx, changes, provider);
  step("statistics", 6);
  await rebuildStatsOf(tx, provider, [
    ...new Set(items.filter((i) => i.ownsGoals && i.m.goals.length).map((i) => i.editionId)),
  ]);
  step("ratings", 7);
  const ratingsWritten = await syncRatings(tx, provider);
  step("done", 8);
  return {
    format: "international",
    matches: matches.length,
    contests: { imported: fresh.length, linked, unchanged, changed },
    goals: {
      created: goals.created,
      skipped: items.filter((i) => !i.ownsGoals).reduce((n, i) => n + i.m.goals.length, 0),
    },
    shootouts: 0,
    teamsCreated: teams.created,
    personsCreated: goals.personsCreated,
    competitionsCreated: comps.created,
    editionsCreated: editions.created,
    ratingsWritten,
    errors: [],
    notes: [...notes, ...teams.notes],
  };
}

/**
 * New matches another source already imported (same edition, same sides, within a day) become
 * that contest, described by this source too; a higher-ranked source keeps its goal list.
 */
async function linkOtherSources(tx: Tx, provider: Provider, items: Item[]): Promise<number> {
  const editionIds = [...new Set(items.map((i) => i.editionId))];
  const others = await store.unclaimedContests(tx, provider, editionIds, SOURCE);
  if (!others.length) return 0;
  const byPair = new Map<string, Array<{ id: number; at: number }>>();
  const sidesOf = new Map<number, { at: number; editionId: number; home?: number; away?: number }>();
  for (const r of others) {
    const c = sidesOf.get(r.id) ?? { at: new Date(r.kickoffAt).getTime(), editionId: r.editionId };
    if (r.side === "home") c.home = r.teamId ?? undefined;
    else c.away = r.teamId ?? undefined;
    sidesOf.set(r.id, c);
  }
  for (const [id, c] of sidesOf) {
    const k = `${c.editionId}/${c.home}/${c.away}`;
    byPair.set(k, [...(byPair.get(k) ?? []), { id, at: c.at }]);
  }
  const taken = new Set<number>();
  const linked: Item[] = [];
  for (const i of items) {
    const at = kickoffOf(i.m.date).getTime();
    const hit = [
      ...(byPair.get(`${i.editionId}/${i.teamIds[0]}/${i.teamIds[1]}`) ?? []),
      ...(byPair.get(`${i.editionId}/${i.teamIds[1]}/${i.teamIds[0]}`) ?? []),
    ].find((c) => !taken.has(c.id) && Math.abs(c.at - at) <= 36 * 3600_000);
    if (!hit) continue;
    taken.add(hit.id);
    i.contestId = hit.id;
    linked.push(i);
  }
  const sources = await store.sourcesOfContests(
    tx,
    linked.map((i) => i.contestId!),
  );
  for (const i of linked) {
    i.ownsGoals = !sources.some((s) => s.contestId === i.contestId && outranks(s.source, SOURCE));
    // Facts the other source does not give (venue city and country, neutral, who shot first).
    await store.fillContest(tx, i.contestId!, {
      city: i.m.city || null,
      country: i.m.country || null,
      neutral: i.m.neutral,
      goalList: i.d.complete,
      firstShooter: i.m.shootout?.first ?? null,
    });
  }
  return linked.length;
}
