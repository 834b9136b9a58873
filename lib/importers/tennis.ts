/**
 * Writes a parsed tennis-data.co.uk file: each tournament is a competition ("ATP Brisbane
 * International") with the season as its edition, players are persons, and every bookmaker's
 * winner/loser prices become h2h odds points with `personId`, so /v1/persons/{id}/odds/history
 * serves them. One transaction for the whole file (see importFile).
 */
import type { DbOrTx } from "../platform/db/client";
import { normalizeName } from "../sports/normalize";
import { createPerson } from "../sports/persons";
import {
  createPersonContestStats,
  personContestStats,
  updatePersonContestStat,
} from "../sports/store/contest-stats";
import { personIdsByRefs } from "../sports/store/persons";
import { rebuildEditionStats } from "../sports/store/stats";
import { chunks } from "../platform/util/chunks";
import { resolveCompetition, resolveEdition } from "./competition";
import { upsertOdds } from "./store/odds";
import type { ParsedTennis, TennisRecord } from "./tennis-data";
import type { ImportSummary, OddsRecord } from "./types";
import { upsertContests, type ContestInput, type SideData } from "./upsert";

/** Kick-off is unknown (the file has dates only): 12:00 UTC; the one pre-match book at 00:00 UTC. */
const KICKOFF_UTC = "T12:00:00Z";
const ODDS_UTC = "T00:00:00Z";

const personRef = (tour: string, name: string) => `tennis-data:${tour.toLowerCase()}:${normalizeName(name)}`;

async function resolvePersons(db: DbOrTx, tour: string, names: string[]) {
  const refs = [...new Set(names)].map((n) => ({ name: n, ref: personRef(tour, n) }));
  const byRef = new Map<string, number>();
  for (const batch of chunks(refs, 500))
    for (const p of await personIdsByRefs(
      db,
      batch.map((r) => r.ref),
    ))
      byRef.set(p.externalRef!, p.id);
  let created = 0;
  for (const { name, ref } of refs) {
    if (byRef.has(ref)) continue;
    // "Auger-Aliassime F." -> last name "Auger-Aliassime"; the file gives initials only.
    const lastName = name.replace(/\s+[A-Z][\w.-]*\.$/, "").trim() || name;
    const id = await createPerson(db, {
      name,
      nameNormalized: normalizeName(name),
      lastName,
      sport: "tennis",
      externalRef: ref,
    });
    byRef.set(ref, id);
    created++;
  }
  return { byRef, created };
}

function detail(r: TennisRecord, side: "winner" | "loser"): string {
  const sets = r.sets.map(([w, l]) => (side === "winner" ? `${w}-${l}` : `${l}-${w}`)).join(" ");
  const c = r.comment.toLowerCase();
  if (c.startsWith("walkover")) return "w/o";
  if (c.startsWith("retired")) return `${sets} ret.`.trim();
  if (c.startsWith("awarded") || c.startsWith("disq")) return `${sets} def.`.trim();
  return sets;
}

export async function importTennis(tx: DbOrTx, file: string, parsed: ParsedTennis, edition?: string) {
  const season = edition?.trim() || parsed.season;
  const persons = await resolvePersons(
    tx,
    parsed.tour,
    parsed.records.flatMap((r) => [r.winner, r.loser]),
  );
  const byTournament = new Map<string, TennisRecord[]>();
  for (const r of parsed.records)
    byTournament.set(r.tournament, [...(byTournament.get(r.tournament) ?? []), r]);
  const summary: ImportSummary = {
    file,
    format: "tennis-data",
    competition: `${byTournament.size} ${parsed.tour} tournaments`,
    edition: season,
    contests: { imported: 0, updated: 0, unchanged: 0 },
    odds: { imported: 0, updated: 0, unchanged: 0 },
    teamsCreated: 0,
    personsCreated: persons.created,
    standingsChanged: 0,
    skipped: parsed.errors.length,
    errors: [...parsed.errors],
    notes: [...parsed.notes],
  };
  for (const [tournament, records] of byTournament) {
    const name = `${parsed.tour} ${tournament}`;
    const competition = await resolveCompetition(tx, {
      name,
      country: null,
      format: records.some((r) => /round robin/i.test(r.round)) ? "league_knockout" : "knockout",
      code: null,
      tier: null,
      sport: "tennis",
      kind: "individual",
    });
    const kickoffs = records.map((r) => ({ kickoffAt: new Date(`${r.date}${KICKOFF_UTC}`) }));
    const ed = await resolveEdition(tx, competition.id, season, kickoffs);
    const inputs: Array<ContestInput & { odds: OddsRecord[] }> = [];
    const seen = new Map<string, string>();
    for (const r of records) {
      const w = persons.byRef.get(personRef(r.tour, r.winner))!;
      const l = persons.byRef.get(personRef(r.tour, r.loser))!;
      const ref = `${competition.slug}/${season}/${r.round}/${Math.min(w, l)}-${Math.max(w, l)}`;
      if (seen.has(ref)) {
        summary.errors.push({
          where: r.where,
          message: `duplicate of ${seen.get(ref)} (same players, same round)`,
        });
        summary.skipped++;
        continue;
      }
      seen.set(ref, r.where);
      inputs.push(tennisInput(r, w, l, ref));
    }
    const { ids, counts } = await upsertContests(tx, ed.id, inputs);
    const odds = await upsertOdds(
      tx,
      competition.id,
      inputs.map((i) => ({ contestId: ids.get(i)!, odds: i.odds })),
    );
    for (const k of ["imported", "updated", "unchanged"] as const) {
      summary.contests[k] += counts[k];
      summary.odds[k] += odds[k];
    }
    await writeWins(tx, inputs, ids);
    await rebuildEditionStats(tx, ed.id);
  }
  return summary;
}

/** Better-ranked player first ("home"), as a draw sheet lists seeds; the winner when ranks are level or unknown. */
function tennisInput(r: TennisRecord, w: number, l: number, externalRef: string) {
  const loserFirst = r.ranks.loser !== null && (r.ranks.winner === null || r.ranks.loser < r.ranks.winner);
  const side = (who: "winner" | "loser", personId: number, at: "home" | "away"): SideData => ({
    side: at,
    teamId: null,
    personId,
    score: r.setsWon ? r.setsWon[who === "winner" ? 0 : 1] : null,
    halftimeScore: null,
    scoreDetail: detail(r, who) || null,
    outcome: who === "winner" ? "win" : "loss",
    ranking: r.ranks[who],
    rankingPoints: r.points[who],
  });
  const sides: [SideData, SideData] = loserFirst
    ? [side("loser", l, "home"), side("winner", w, "away")]
    : [side("winner", w, "home"), side("loser", l, "away")];
  const observedAt = new Date(`${r.date}${ODDS_UTC}`);
  const odds: OddsRecord[] = r.odds.flatMap((o) =>
    sides.map((s) => ({
      bookmaker: o.bookmaker,
      market: "h2h" as const,
      selection: s.side,
      line: null,
      price: s.personId === w ? o.winner : o.loser,
      observedAt,
      isClosing: false,
      personId: s.personId,
    })),
  );
  const stage = /round robin/i.test(r.round) ? "Round robin" : "Main draw";
  return {
    r: {
      where: r.where,
      stage,
      round: r.round,
      roundKnown: true,
      status: "finished" as const,
      kickoffAt: new Date(`${r.date}${KICKOFF_UTC}`),
      timeKnown: true,
    },
    venue: r.location || null,
    externalRef,
    sides,
    odds,
  };
}

/** The `wins` stat (0/1) per player and match, which the tennis stat-board ranks. */
async function writeWins(tx: DbOrTx, inputs: ContestInput[], ids: Map<ContestInput, number>) {
  const have = new Map<string, { id: number; value: number }>();
  for (const batch of chunks(
    inputs.map((i) => ids.get(i)!),
    500,
  ))
    for (const s of await personContestStats(tx, batch, ["wins"]))
      have.set(`${s.contestId}|${s.personId}`, s);
  const create = [];
  for (const i of inputs)
    for (const s of i.sides) {
      const row = {
        contestId: ids.get(i)!,
        personId: s.personId!,
        stat: "wins",
        value: s.outcome === "win" ? 1 : 0,
      };
      const old = have.get(`${row.contestId}|${row.personId}`);
      if (!old) create.push(row);
      else if (old.value !== row.value) await updatePersonContestStat(tx, old.id, { value: row.value });
    }
  for (const batch of chunks(create, 500)) await createPersonContestStats(tx, batch);
}
