/**
 * The contest-level derived facts (docs/invariants.md): the final period's score follows the final
 * score, each team side's outcome, and `decidedBy`. Drifts are corrected in the caller's
 * transaction with one contest.score change per corrected contest, as any write of a score is.
 */
import { recordChanges } from "../events/changes";
import { contestChanges, type ContestState } from "../events/contest-state";
import type { DbOrTx } from "../platform/db/client";
import { decidedBy, finalPeriod, teamOutcome } from "../sports/outcome";
import { contestsWithSides, setContestDecidedBy, setParticipant, type Scope } from "./store";
import type { Drift } from "./types";

type Row = Awaited<ReturnType<typeof contestsWithSides>>[number];
type Side = Row["participants"][number];

const stateOf = (c: Row, participants: Side[]): ContestState => ({
  ...c,
  competitionId: c.edition.competitionId,
  participants,
});

/** The contest's drifts, and its sides and decidedBy as the rules want them. */
function expected(c: Row): { drifts: Drift[]; sides: Side[]; decidedBy: string | null } {
  const drifts: Drift[] = [];
  const home = c.participants.find((p) => p.side === "home");
  const away = c.participants.find((p) => p.side === "away");
  if (!home || !away) return { drifts, sides: c.participants, decidedBy: c.decidedBy };
  const sides = [{ ...home }, { ...away }];
  const drift = (entity: string, id: number, field: string, stored: unknown, want: unknown) => {
    if (stored !== want) drifts.push({ entity, id: String(id), field, stored, expected: want });
  };
  const finished = c.status === "finished";
  for (const s of sides) {
    const period = finished && s.score !== null ? finalPeriod(s) : null;
    if (period) {
      drift("contest", c.id, `${s.side}.${period}`, s[period], s.score);
      s[period] = s.score;
    }
  }
  // Team sides only: a tennis result's winner is the source's (a retirement wins with fewer sets).
  const teams = home.teamId !== null && away.teamId !== null;
  for (const [s, o] of [
    [sides[0], sides[1]],
    [sides[1], sides[0]],
  ]) {
    const want = teams ? teamOutcome(c.status, s, o) : finished ? s.outcome : null;
    drift("contest", c.id, `${s.side}.outcome`, s.outcome, want);
    s.outcome = want;
  }
  const by = teams ? decidedBy(c.status, sides[0], sides[1]) : c.decidedBy;
  drift("contest", c.id, "decidedBy", c.decidedBy, by);
  return { drifts, sides, decidedBy: by };
}

/** Every contest's drifts; with `repair`, each drifting contest is corrected and its change recorded. */
export async function contestDrifts(
  tx: DbOrTx,
  repair: boolean,
  scope: Scope,
): Promise<{ drifts: Drift[]; checked: number; changes: number }> {
  const all: Drift[] = [];
  let changes = 0;
  const contests = await contestsWithSides(tx, scope);
  for (const c of contests) {
    const { drifts, sides, decidedBy: by } = expected(c);
    if (!drifts.length) continue;
    all.push(...drifts);
    if (!repair) continue;
    for (const s of sides) {
      const { outcome, fullTimeScore, extraTimeScore } = s;
      await setParticipant(tx, s.id, { outcome, fullTimeScore, extraTimeScore });
    }
    if (by !== c.decidedBy) await setContestDecidedBy(tx, c.id, by);
    const recorded = contestChanges(stateOf(c, c.participants), stateOf(c, sides));
    await recordChanges(tx, recorded);
    changes += recorded.length;
  }
  return { drifts: all, checked: contests.length, changes };
}
