/**
 * The reference model of the ingest model-based test: plain objects holding what a feed wrote and
 * what every answer, /v1 read and change of the feed must be. It knows the documented rules
 * (docs/ingest.md, docs/invariants.md), not Statline's code.
 */

export type Pair = [number, number];
export type Status = "scheduled" | "live" | "finished" | "postponed" | "cancelled";

export const NEXT: Record<Status, Status[]> = {
  scheduled: ["live", "postponed", "cancelled", "finished"],
  live: ["finished", "postponed", "cancelled"],
  postponed: ["scheduled", "live", "cancelled"],
  finished: [],
  cancelled: [],
};

export interface MEvent {
  id: string;
  type: string;
  minute: number;
  side: "home" | "away";
  person: number | null;
  revision: number;
  deleted: boolean;
  /** feed_at (ms) of the last accepted write of this event */
  gate: number;
}

export interface MContest {
  ext: string;
  id: string;
  home: number;
  away: number;
  stage: "Regular Season" | "Knockout";
  round: string;
  venue: string | null;
  kickoff: number;
  gate: number;
  status: Status;
  score: Pair | null;
  halftime: Pair | null;
  fullTime: Pair | null;
  extraTime: Pair | null;
  penalties: Pair | null;
  stateGate: number | null;
  events: Map<string, MEvent>;
}

export interface MTeam {
  ext: string;
  id: string;
  name: string;
  gate: number;
}

/** One writer's world: its own source, competition, edition, teams, persons and contests. */
export interface MWriter {
  source: string;
  competitionId: string;
  editionId: string;
  teams: MTeam[];
  persons: Array<{ ext: string; id: string; name: string }>;
  contests: Map<number, MContest>;
  /** The changes its accepted writes must have made, in order ("type resource detail"). */
  changes: string[];
  /** Contests written since the last check (their /v1 reads are compared). */
  dirty: Set<number>;
}

export const pairOf = (p: Pair | null) => (p ? { home: p[0], away: p[1] } : null);

/** A side's outcome: by the score, a level score by the shoot-out; null until finished. */
export function outcomes(c: MContest): [string | null, string | null] {
  if (c.status !== "finished" || !c.score) return [null, null];
  let [h, a] = c.score;
  if (h === a && c.penalties) [h, a] = c.penalties;
  return h > a ? ["win", "loss"] : h < a ? ["loss", "win"] : ["draw", "draw"];
}

export const decidedBy = (c: MContest) =>
  c.status !== "finished" ? null : c.penalties ? "penalties" : c.extraTime ? "extra_time" : null;

/** The contest as the change feed's data summarises it (status and every score field). */
export function contestDetail(c: MContest): string {
  const [oh, oa] = outcomes(c);
  const p = (x: Pair | null) => (x ? `${x[0]}-${x[1]}` : "-");
  return [c.status, p(c.score), p(c.halftime), p(c.fullTime), p(c.extraTime), p(c.penalties), oh, oa].join(
    " ",
  );
}

/** The same summary from a contest.* change's data. */
export function feedContestDetail(d: {
  status: string;
  participants: Array<Record<string, number | string | null>>;
}): string {
  const [h, a] = d.participants;
  const p = (k: string) => (h[k] === null && a[k] === null ? "-" : `${h[k]}-${a[k]}`);
  const fields = ["score", "halftime_score", "full_time_score", "extra_time_score", "penalty_score"];
  return [d.status, ...fields.map(p), h.outcome, a.outcome].join(" ");
}

/** The stored copy of the contest after a state write (omitted fields keep their value). */
export function applyState(
  c: MContest,
  b: { status?: Status; score?: Pair; halftime?: Pair; fullTime?: Pair; extraTime?: Pair; penalties?: Pair },
): MContest {
  const n: MContest = { ...c, events: c.events };
  if (b.status) n.status = b.status;
  if (b.score) n.score = b.score;
  if (b.halftime) n.halftime = b.halftime;
  if (b.fullTime) n.fullTime = b.fullTime;
  if (b.extraTime) n.extraTime = b.extraTime;
  if (b.penalties) n.penalties = b.penalties;
  // One truth: a finished contest's final period is its final score (after extra time when it
  // went there, else after regular time).
  if (n.status === "finished") {
    if (n.extraTime && n.score) n.extraTime = n.score;
    else if (!n.extraTime) n.fullTime = n.score;
  }
  return n;
}

const same = (a: Pair | null, b: Pair | null) =>
  a === null ? b === null : b !== null && a[0] === b[0] && a[1] === b[1];

/** The contest.* changes between two stored copies, in the order the write path records them. */
export function stateChanges(before: MContest, after: MContest): string[] {
  const out: string[] = [];
  const detail = `${after.id} ${contestDetail(after)}`;
  if (before.status !== after.status) out.push(`contest.status ${detail}`);
  const scoreMoved =
    !same(before.score, after.score) ||
    !same(before.halftime, after.halftime) ||
    !same(before.fullTime, after.fullTime) ||
    !same(before.extraTime, after.extraTime) ||
    !same(before.penalties, after.penalties) ||
    outcomes(before).join() !== outcomes(after).join();
  if (scoreMoved) out.push(`contest.score ${detail}`);
  return out;
}

/** The league table's figures per team (position and form left to the rules), from the model's results. */
export function table(w: MWriter): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (const c of w.contests.values()) {
    if (c.stage !== "Regular Season") continue;
    const ids = [w.teams[c.home].id, w.teams[c.away].id];
    for (const id of ids) if (!rows.has(id)) rows.set(id, [0, 0, 0, 0, 0, 0, 0]);
    if (c.status !== "finished" || !c.score) continue;
    for (const s of [0, 1]) {
      const r = rows.get(ids[s])!;
      const [f, a] = s === 0 ? c.score : [c.score[1], c.score[0]];
      r[0]++;
      r[f > a ? 1 : f === a ? 2 : 3]++;
      r[4] += f;
      r[5] += a;
      r[6] += f > a ? 3 : f === a ? 1 : 0;
    }
  }
  return rows;
}
