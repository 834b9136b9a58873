import { slugify } from "../sports/normalize";
import { addDays } from "../sports/time";
import { REFERENCE_DATE, SEED_CREATED_AT, TENNIS_SEASONS } from "./calendar";
import { NATIONS, type NamePool } from "./names";
import { tennisOdds } from "./odds";
import { addPerson, roman } from "./people";
import type { Rng } from "./rng";
import type { RowSink } from "./tables";

const HOSTS = [
  ["Melbourne", "Australia"],
  ["Rotterdam", "Netherlands"],
  ["Acapulco", "Mexico"],
  ["Indian Wells", "United States"],
  ["Monte-Carlo", "Monaco"],
  ["Barcelona", "Spain"],
  ["Roland-Garros", "France"],
  ["Halle", "Germany"],
  ["London", "England"],
  ["Båstad", "Sweden"],
  ["Montréal", "Canada"],
  ["Cincinnati", "United States"],
  ["New York", "United States"],
  ["Beijing", "China"],
  ["Wien", "Austria"],
  ["Bercy", "France"],
] as const;

export interface Player {
  personId: number;
  rating: number;
  aceRate: number;
  faultRate: number;
}

export function makeTennisPlayers(rng: Rng, sink: RowSink, count: number, names: NamePool): Player[] {
  return Array.from({ length: count }, (_, i) => {
    const nat = rng.pick(NATIONS);
    const personId = addPerson(
      rng,
      sink,
      {
        ...names.next(rng, nat),
        nationality: nat.country,
        position: null,
        sport: "tennis",
        externalRef: `seed:tennis:${i}`,
      },
      [1988, 2006],
    );
    return {
      personId,
      rating: rng.normal(1900, 150),
      aceRate: Math.max(0.05, rng.normal(0.45, 0.2)),
      faultRate: Math.max(0.05, rng.normal(0.25, 0.08)),
    };
  });
}

const ROUND_NAMES: Record<number, string> = { 2: "Final", 4: "Semi-final", 8: "Quarter-final" };
const roundName = (players: number) => ROUND_NAMES[players] ?? `Round of ${players}`;

/** Set scores from the winner's point of view, e.g. [[6,4],[7,6]]. */
function setScore(rng: Rng): [number, number] {
  const r = rng.next();
  if (r < 0.13) return [7, 6];
  if (r < 0.23) return [7, 5];
  return [6, rng.weighted([5, 10, 18, 22, 22])];
}

interface Entry {
  player: Player;
  /** When this player's place in the match became known (undefined: from the published draw). */
  known: Date | undefined;
}

const latest = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : (a ?? b));

/** Plays one match; returns the winner, or undefined when it is still scheduled. */
function playMatch(
  rng: Rng,
  sink: RowSink,
  editionId: number,
  round: string,
  ref: string,
  at: Date,
  bestOf: number,
  home: Entry,
  away: Entry,
): Entry | undefined {
  const contestId = sink.id("contests");
  const finished = at < REFERENCE_DATE;
  sink.add("contests", {
    id: contestId,
    editionId,
    round,
    stage: "Main draw",
    status: finished ? "finished" : "scheduled",
    kickoffAt: at,
    venue: "Centre Court",
    externalRef: ref,
    referee: null,
  });
  const pHome = 1 / (1 + 10 ** ((away.player.rating - home.player.rating) / 400));
  const sets: Array<[number, number]> = [];
  const won = [0, 0];
  if (finished) {
    const pSet = 0.5 + (pHome - 0.5) * 0.75;
    while (Math.max(...won) < Math.ceil(bestOf / 2)) {
      const w = rng.chance(pSet) ? 0 : 1;
      const [a, b] = setScore(rng);
      sets.push(w === 0 ? [a, b] : [b, a]);
      won[w]++;
    }
  }
  const games = sets.reduce((n, [a, b]) => n + a + b, 0);
  // Loser's points in each tie-break, written "7-6(5)".
  const tiebreaks = sets.map(([a, b]) => (a + b === 13 ? `(${rng.int(1, 9)})` : ""));
  // One "set" event per set: its winner and the score from the home player's side, "7-6(5)".
  sets.forEach(([a, b], sequence) =>
    sink.add("match_events", {
      id: sink.id("match_events"),
      contestId,
      type: "set",
      sequence,
      minute: null,
      addedTime: null,
      teamId: null,
      personId: (a > b ? home : away).player.personId,
      relatedPersonId: null,
      personName: null,
      relatedName: null,
      penalty: false,
      ownGoal: false,
      detail: `${a}-${b}${tiebreaks[sequence]}`,
      source: "seed",
      externalId: `seed:${contestId}:${sequence}`,
      revision: 1,
      deletedAt: null,
      updatedAt: at,
    }),
  );
  [home, away].forEach((e, s) => {
    const detail = sets.map(
      (set, n) => `${s === 0 ? set[0] : set[1]}-${s === 0 ? set[1] : set[0]}${tiebreaks[n]}`,
    );
    sink.add("contest_participants", {
      id: sink.id("contest_participants"),
      contestId,
      side: s === 0 ? "home" : "away",
      teamId: null,
      personId: e.player.personId,
      score: finished ? won[s] : null,
      halftimeScore: null,
      scoreDetail: finished ? detail.join(" ") : null,
      outcome: finished ? (won[s] > won[1 - s] ? "win" : "loss") : null,
      fullTimeScore: null,
      formation: null,
    });
    if (!finished) return;
    const stat = (name: string, value: number) =>
      sink.add("person_contest_stats", {
        id: sink.id("person_contest_stats"),
        contestId,
        personId: e.player.personId,
        teamId: null,
        stat: name,
        value,
      });
    const aces = rng.poisson((games / 2) * e.player.aceRate);
    const faults = rng.poisson((games / 2) * e.player.faultRate);
    stat("wins", won[s] > won[1 - s] ? 1 : 0);
    if (aces) stat("aces", aces);
    if (faults) stat("double_faults", faults);
  });
  tennisOdds(rng, sink, {
    contestId,
    kickoffAt: at,
    homeId: home.player.personId,
    awayId: away.player.personId,
    pHome,
    bestOf,
    knownFrom: latest(home.known, away.known),
  });
  if (!finished) return undefined;
  // The next round's pairing is known a few hours after this match.
  return {
    player: won[0] > won[1] ? home.player : away.player,
    known: new Date(at.getTime() + 3 * 3_600_000),
  };
}

/** A knockout tournament with one edition per tennis season; the draw has `drawSize` players. */
export function generateTournament(
  rng: Rng,
  sink: RowSink,
  index: number,
  count: number,
  players: Player[],
  drawSize: number,
): void {
  const [city, country] = HOSTS[index % HOSTS.length];
  const cycle = Math.floor(index / HOSTS.length);
  const major = index % 4 === 0;
  const name = `${city} ${major ? "Championships" : "Open"}${cycle ? ` ${roman(cycle + 1)}` : ""}`;
  const slug = slugify(name);
  const competitionId = sink.id("competitions");
  sink.add("competitions", {
    id: competitionId,
    slug,
    name,
    sport: "tennis",
    kind: "individual",
    format: "knockout",
    country,
    demo: true,
    createdAt: SEED_CREATED_AT,
  });
  const spacingWeeks = Math.max(1, Math.floor(46 / count));
  const bestOf = major ? 5 : 3;
  for (const [e, season] of TENNIS_SEASONS.entries()) {
    const start = addDays(season.lastMonday, -(count - 1 - index) * spacingWeeks * 7);
    const editionId = sink.id("editions");
    const roundsTotal = Math.log2(drawSize);
    sink.add("editions", {
      id: editionId,
      competitionId,
      name: season.name,
      startDate: new Date(`${start}T00:00:00Z`),
      endDate: new Date(`${addDays(start, roundsTotal + 1)}T23:59:59Z`),
      current: e === TENNIS_SEASONS.length - 1,
    });
    // Better-rated players are more likely to enter; the top two are seeded at opposite ends.
    const pool = [...players];
    const entrants: Player[] = [];
    while (entrants.length < drawSize)
      entrants.push(pool.splice(rng.weighted(pool.map((p) => Math.exp((p.rating - 1900) / 120))), 1)[0]);
    entrants.sort((a, b) => b.rating - a.rating);
    const draw = [entrants[0], ...rng.shuffle(entrants.slice(2)), entrants[1]];
    for (const p of draw)
      sink.add("roster_entries", {
        id: sink.id("roster_entries"),
        editionId,
        teamId: null,
        personId: p.personId,
        shirtNumber: null,
        position: null,
        role: "player",
      });

    let alive: Array<Entry | undefined> = draw.map((player) => ({ player, known: undefined }));
    for (let k = 0; alive.length > 1; k++) {
      const next: Array<Entry | undefined> = [];
      const matches = alive.length / 2;
      for (let i = 0; i < matches; i++) {
        const [home, away] = [alive[2 * i], alive[2 * i + 1]];
        if (!home || !away) {
          next.push(undefined);
          continue;
        }
        const day = k < 2 ? 2 * k + (i < matches / 2 ? 0 : 1) : k + 2;
        const slot = Math.floor(i / 4) % 6;
        const at = new Date(
          `${addDays(start, day)}T${String(10 + Math.floor(slot * 1.5)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}:00Z`,
        );
        next.push(
          playMatch(
            rng,
            sink,
            editionId,
            roundName(alive.length),
            `seed:${slug}:${season.name}:${k + 1}:${i + 1}`,
            at,
            bestOf,
            home,
            away,
          ),
        );
      }
      alive = next;
    }
  }
}
