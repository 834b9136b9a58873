/**
 * Keeps team_ratings equal to the Elo ratings (lib/sports/elo.ts) of every match of the
 * international results set, computed from scratch in date order (the file's order within a
 * date) and written as a difference: an incremental import ends with the same ratings as a full
 * one, and a re-import writes nothing.
 */
import type { DbOrTx } from "../platform/db/client";
import type { Provider } from "../platform/db/config";
import { rate } from "./elo";
import type { ContestFacts } from "./sources";
import { deleteRatings, insertRatings, ratedContests, storedRatings, updateRatings } from "./store/ratings";

export const RATED_SOURCE = "international";

export async function syncRatings(db: DbOrTx, provider: Provider): Promise<number> {
  const contests = (await ratedContests(db, provider, RATED_SOURCE))
    .filter((c) => c.home !== null && c.away !== null)
    .map((c) => ({
      ...c,
      f: JSON.parse(c.facts) as ContestFacts & { date: string; tournament: string; neutral: boolean },
    }))
    .sort((a, b) => (a.f.date < b.f.date ? -1 : a.f.date > b.f.date ? 1 : a.seq - b.seq));
  const ratings = new Map<number, number>();
  const want = new Map<string, [number, number, number, Date, number, number, number]>();
  for (const c of contests) {
    if (!c.f.score) continue;
    // The source's own orientation: home advantage goes to the side it names at home.
    const [home, away] = c.f.teams ?? [c.home!, c.away!];
    const r = rate(ratings, {
      home,
      away,
      homeScore: c.f.score[0],
      awayScore: c.f.score[1],
      tournament: c.f.tournament,
      neutral: c.f.neutral,
      shootout: c.f.shootoutWinner !== null,
    });
    const day = new Date(`${c.f.date}T00:00:00.000Z`);
    for (const s of [0, 1] as const) {
      const team = s === 0 ? home : away;
      want.set(`${c.contestId}/${team}`, [
        c.contestId,
        team,
        c.seq,
        day,
        r.before[s],
        r.after[s],
        r.expected[s],
      ]);
    }
  }
  const fresh: Array<typeof want extends Map<string, infer V> ? V : never> = [];
  const changed: typeof fresh = [];
  const gone = new Set<number>();
  for (const h of await storedRatings(db)) {
    const k = `${h.contestId}/${h.teamId}`;
    const w = want.get(k);
    if (!w) gone.add(h.contestId);
    else if (w[2] !== h.seq || w[4] !== h.before || w[5] !== h.after || w[6] !== h.expected) changed.push(w);
    want.delete(k);
  }
  fresh.push(...want.values());
  if (gone.size) await deleteRatings(db, [...gone]);
  await insertRatings(db, provider, fresh);
  await updateRatings(db, provider, changed);
  return fresh.length + changed.length + gone.size;
}
