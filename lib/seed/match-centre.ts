/**
 * The demo data's match centre for one finished football contest, drawn from the two sides'
 * match sheets (stats.ts) so everything adds up: one goal event per goal of the score (at a
 * minute the scorer was on the pitch), one card event per yellow_cards stat, one substitution
 * per change of minutes, both lineups, and team statistics whose shots and yellow cards are the
 * sums of the players' figures. The half-time score is the goals up to minute 45 (+ added time).
 */
import type { Rng } from "./rng";
import type { MatchSheet, SquadPlayer } from "./stats";
import type { RowSink } from "./tables";

const REFEREES = [
  "Alan Brannigan",
  "Marta Solís",
  "Jonas Vikström",
  "Pierre Lacombe",
  "Davide Ferrante",
  "Tomás Rebelo",
  "Hannah Oyelaran",
  "Stefan Kroll",
  "Rui Costa Pinto",
  "Elena Marchetti",
  "Gareth Pryce",
  "Lukas Brandt",
];

interface Drawn {
  side: 0 | 1;
  type: "goal" | "yellow_card" | "substitution";
  minute: number;
  addedTime: number | null;
  person: SquadPlayer;
  related: SquadPlayer | null;
}

/** A minute inside [from, to]; 45 and 90 sometimes carry stoppage time. */
function minuteIn(rng: Rng, [from, to]: [number, number]): [number, number | null] {
  const minute = rng.int(from, to);
  return [minute, (minute === 45 || minute === 90) && rng.chance(0.5) ? rng.int(1, 5) : null];
}

export function matchCentre(
  rng: Rng,
  sink: RowSink,
  contest: { id: number; at: Date },
  teamIds: [number, number],
  sheets: [MatchSheet, MatchSheet],
): { halftime: [number, number]; referee: string } {
  const drawn: Drawn[] = [];
  sheets.forEach((sheet, s) => {
    const side = s as 0 | 1;
    for (const g of sheet.goals) {
      const [minute, addedTime] = minuteIn(rng, sheet.window.get(g.scorer)!);
      drawn.push({ side, type: "goal", minute, addedTime, person: g.scorer, related: g.assist });
    }
    for (const p of sheet.booked) {
      const [minute, addedTime] = minuteIn(rng, sheet.window.get(p)!);
      drawn.push({ side, type: "yellow_card", minute, addedTime, person: p, related: null });
    }
    for (const x of sheet.subs)
      drawn.push({
        side,
        type: "substitution",
        minute: x.minute,
        addedTime: null,
        person: x.off,
        related: x.on,
      });
  });
  drawn.sort((a, b) => a.minute - b.minute || (a.addedTime ?? 0) - (b.addedTime ?? 0) || a.side - b.side);
  drawn.forEach((e, sequence) =>
    sink.add("match_events", {
      id: sink.id("match_events"),
      contestId: contest.id,
      type: e.type,
      sequence,
      minute: e.minute,
      addedTime: e.addedTime,
      teamId: teamIds[e.side],
      personId: e.person.personId,
      relatedPersonId: e.related?.personId ?? null,
      personName: e.person.name,
      relatedName: e.related?.name ?? null,
      penalty: e.type === "goal" && e.related === null && rng.chance(0.3),
      ownGoal: false,
      detail: null,
      source: "seed",
      externalId: `seed:${contest.id}:${sequence}`,
      revision: 1,
      deletedAt: null,
      updatedAt: contest.at,
    }),
  );
  sheets.forEach((sheet, s) => {
    const players: Array<[SquadPlayer, "starter" | "substitute"]> = [
      ...sheet.starters.map((p) => [p, "starter"] as [SquadPlayer, "starter"]),
      ...sheet.bench.map((p) => [p, "substitute"] as [SquadPlayer, "substitute"]),
    ];
    players.forEach(([p, role], sequence) =>
      sink.add("lineup_entries", {
        id: sink.id("lineup_entries"),
        contestId: contest.id,
        teamId: teamIds[s],
        personId: p.personId,
        role,
        shirtNumber: p.shirt,
        position: p.position,
        sequence,
      }),
    );
    const goals = sheet.goals.length;
    sink.add("team_contest_stats", {
      contestId: contest.id,
      teamId: teamIds[s],
      shots: sheet.shots,
      // Every goal was on target; about a third of the other shots were.
      shotsOnTarget: goals + Math.round((sheet.shots - goals) * (0.25 + rng.next() * 0.15)),
      corners: rng.poisson(5),
      fouls: rng.poisson(11),
      yellowCards: sheet.booked.length,
      redCards: 0,
    });
  });
  const firstHalf = (s: number) =>
    drawn.filter((e) => e.side === s && e.type === "goal" && e.minute <= 45).length;
  return { halftime: [firstHalf(0), firstHalf(1)], referee: rng.pick(REFEREES) };
}
