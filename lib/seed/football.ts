import { outcomesOf } from "../sports/outcome";
import { normalizeName, slugify } from "../sports/normalize";
import {
  FOOTBALL_SEASONS,
  REFERENCE_DATE,
  SEED_CREATED_AT,
  TIMEZONES,
  kickoff,
  roundSlots,
} from "./calendar";
import { type FEATURED_NAMES, LEAGUES, NATIONS, nation, type LeagueTemplate, type NamePool } from "./names";
import { footballOdds } from "./odds";
import { addPerson, roman } from "./people";
import type { Rng } from "./rng";
import { matchCentre } from "./match-centre";
import { footballMatchStats, type Position, type SquadPlayer } from "./stats";
import type { RowSink } from "./tables";

export const TEAMS_PER_LEAGUE = 20;
const SQUAD: Array<[Position, number]> = [
  ["Goalkeeper", 3],
  ["Defender", 8],
  ["Midfielder", 8],
  ["Forward", 6],
];

/** State shared by all leagues of one run. */
export interface Shared {
  teamNames: Set<string>;
  /** Fixed names still to hand out (first forwards of the first clubs). */
  featured: typeof FEATURED_NAMES;
  names: NamePool;
}

interface Team {
  id: number;
  att: number;
  def: number;
  coachId: number;
  venue: string;
  squad: SquadPlayer[];
}

function teamName(rng: Rng, tpl: LeagueTemplate, used: Set<string>): { name: string; city: string } {
  for (let attempt = 0; ; attempt++) {
    const city = rng.pick(tpl.cities);
    const base =
      tpl.prefixes.length && rng.chance(0.6)
        ? `${rng.pick(tpl.prefixes)} ${city}`
        : `${city} ${rng.pick(tpl.suffixes)}`;
    // Large scales exhaust the combinations: number the reserves.
    const name = attempt < 30 ? base : `${base} ${roman(2 + Math.floor(attempt / 30))}`;
    if (!used.has(name)) {
      used.add(name);
      return { name, city };
    }
  }
}

function makeTeam(rng: Rng, sink: RowSink, tpl: LeagueTemplate, shared: Shared, ref: string): Team {
  const { name, city } = teamName(rng, tpl, shared.teamNames);
  const id = sink.id("teams");
  const venue = `${city} ${rng.pick(["Stadium", "Park", "Arena", "Ground"])}`;
  sink.add("teams", {
    id,
    name,
    nameNormalized: normalizeName(name),
    shortName: city,
    code: normalizeName(city).replace(/ /g, "").slice(0, 3).toUpperCase(),
    country: tpl.country,
    founded: rng.int(1872, 1985),
    venue,
    demo: true,
  });
  const shirts = rng.shuffle(Array.from({ length: 38 }, (_, i) => i + 2).filter((n) => n !== 13));
  const squad: Team["squad"] = [];
  for (const [position, count] of SQUAD) {
    for (let i = 0; i < count; i++) {
      const star = position === "Forward" && i === 0 ? shared.featured.shift() : undefined;
      const nat = star ? nation(star.nat) : rng.chance(0.65) ? nation(tpl.nat) : rng.pick(NATIONS);
      const { first, last } = star ?? shared.names.next(rng, nat);
      const personId = addPerson(
        rng,
        sink,
        {
          first,
          last,
          nationality: nat.country,
          position,
          sport: "football",
          externalRef: `seed:${ref}:${position[0]}${i}`,
        },
        [1991, 2007],
      );
      const shirt = position === "Goalkeeper" ? [1, 13, 31][i] : shirts.pop()!;
      squad.push({
        personId,
        name: `${first} ${last}`,
        position,
        quality: Math.min(1.5, Math.max(0.5, rng.normal(1, 0.2))),
        shirt,
      });
    }
  }
  const coachNat = rng.chance(0.7) ? nation(tpl.nat) : rng.pick(NATIONS);
  const coachId = addPerson(
    rng,
    sink,
    {
      ...shared.names.next(rng, coachNat),
      nationality: coachNat.country,
      position: null,
      sport: "football",
      externalRef: `seed:${ref}:coach`,
    },
    [1960, 1985],
  );
  return { id, att: Math.exp(rng.normal(0, 0.22)), def: Math.exp(rng.normal(0, 0.2)), coachId, venue, squad };
}

/** Circle method: rounds of [home, away] index pairs, the second half mirrors the first. */
export function doubleRoundRobin(n: number): Array<Array<[number, number]>> {
  const order = Array.from({ length: n }, (_, i) => i);
  const half: Array<Array<[number, number]>> = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < n / 2; i++) {
      const [a, b] = [order[i], order[n - 1 - i]];
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    half.push(pairs);
    order.splice(1, 0, order.pop()!);
  }
  return [...half, ...half.map((round) => round.map(([h, a]) => [a, h] as [number, number]))];
}

/** Swaps a few players between clubs before the second season (same position, shirts swapped too). */
function transfers(rng: Rng, teams: Team[]): void {
  for (let k = 0; k < teams.length * 2; k++) {
    const [a, b] = [rng.pick(teams), rng.pick(teams)];
    if (a === b) continue;
    const i = rng.int(3, a.squad.length - 1);
    const same = b.squad.flatMap((p, n) => (p.position === a.squad[i].position ? [n] : []));
    const j = rng.pick(same);
    const [pa, pb] = [a.squad[i], b.squad[j]];
    a.squad[i] = { ...pb, shirt: pa.shirt };
    b.squad[j] = { ...pa, shirt: pb.shirt };
  }
}

/** One league with two seasons: clubs, squads, rosters, fixtures, results, person stats and odds. */
export function generateLeague(rng: Rng, sink: RowSink, index: number, shared: Shared): void {
  const tpl = LEAGUES[index % LEAGUES.length];
  const tier = Math.floor(index / LEAGUES.length) + 1;
  const name = tier === 1 ? tpl.name : `${tpl.name} ${roman(tier)}`;
  const slug = slugify(name);
  const timeZone = TIMEZONES[tpl.country];
  const competitionId = sink.id("competitions");
  sink.add("competitions", {
    id: competitionId,
    slug,
    name,
    sport: "football",
    kind: "team",
    format: "league",
    country: tpl.country,
    demo: true,
    createdAt: SEED_CREATED_AT,
  });
  const teams = Array.from({ length: TEAMS_PER_LEAGUE }, (_, t) =>
    makeTeam(rng, sink, tpl, shared, `${slug}:${t}`),
  );

  for (const [e, season] of FOOTBALL_SEASONS.entries()) {
    if (e > 0) {
      transfers(rng, teams);
      for (const t of teams)
        [t.att, t.def] = [t.att * Math.exp(rng.normal(0, 0.08)), t.def * Math.exp(rng.normal(0, 0.08))];
    }
    const rounds = doubleRoundRobin(teams.length);
    const slots = roundSlots(season.firstSaturday, rounds.length);
    const editionId = sink.id("editions");
    const kickoffs = slots.map((slot) =>
      Array.from({ length: rounds[0].length }, (_, g) => kickoff(slot, g, timeZone)),
    );
    const last = kickoffs[kickoffs.length - 1];
    sink.add("editions", {
      id: editionId,
      competitionId,
      name: season.name,
      startDate: kickoffs[0][0],
      endDate: last[last.length - 1],
      current: e === FOOTBALL_SEASONS.length - 1,
    });
    for (const t of teams) {
      for (const p of t.squad) {
        sink.add("roster_entries", {
          id: sink.id("roster_entries"),
          editionId,
          teamId: t.id,
          personId: p.personId,
          shirtNumber: p.shirt,
          position: p.position,
          role: "player",
        });
      }
      sink.add("roster_entries", {
        id: sink.id("roster_entries"),
        editionId,
        teamId: t.id,
        personId: t.coachId,
        shirtNumber: null,
        position: null,
        role: "coach",
      });
    }
    const shuffled = rng.shuffle([...teams]);
    rounds.forEach((pairs, r) => {
      const gameOrder = rng.shuffle(pairs.map((_, g) => g));
      pairs.forEach(([hi, ai], g) => {
        const [home, away] = [shuffled[hi], shuffled[ai]];
        const at = kickoffs[r][gameOrder[g]];
        playMatch(rng, sink, {
          editionId,
          round: `Matchday ${r + 1}`,
          ref: `seed:${slug}:${season.name}:${r + 1}:${home.id}-${away.id}`,
          at,
          home,
          away,
        });
      });
    });
  }
}

interface Fixture {
  editionId: number;
  round: string;
  ref: string;
  at: Date;
  home: Team;
  away: Team;
}

function playMatch(rng: Rng, sink: RowSink, f: Fixture): void {
  const contestId = sink.id("contests");
  const finished = f.at < REFERENCE_DATE;
  const lh = 1.5 * f.home.att * f.away.def;
  const la = 1.15 * f.away.att * f.home.def;
  const goals = finished ? [rng.poisson(lh), rng.poisson(la)] : [null, null];
  const sides: [Team, Team] = [f.home, f.away];
  const sheets = finished
    ? sides.map((team, s) => footballMatchStats(rng, sink, contestId, team.id, team.squad, goals[s]!))
    : null;
  const centre = sheets
    ? matchCentre(rng, sink, { id: contestId, at: f.at }, [f.home.id, f.away.id], [sheets[0], sheets[1]])
    : null;
  sink.add("contests", {
    id: contestId,
    editionId: f.editionId,
    round: f.round,
    stage: "Regular Season",
    status: finished ? "finished" : "scheduled",
    kickoffAt: f.at,
    venue: f.home.venue,
    externalRef: f.ref,
    referee: centre?.referee ?? null,
  });
  const outcome = (a: number | null, b: number | null) =>
    a === null || b === null ? null : outcomesOf(a, b, null)[0];
  sides.forEach((team, s) => {
    sink.add("contest_participants", {
      id: sink.id("contest_participants"),
      contestId,
      side: s === 0 ? "home" : "away",
      teamId: team.id,
      personId: null,
      score: goals[s],
      halftimeScore: centre?.halftime[s] ?? null,
      scoreDetail: null,
      outcome: outcome(goals[s], goals[1 - s]),
      fullTimeScore: goals[s],
      formation: sheets?.[s].formation ?? null,
    });
  });
  footballOdds(rng, sink, contestId, f.at, lh, la);
}
