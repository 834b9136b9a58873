/**
 * What a sandbox replay of a finished contest emits, and when (docs/replay.md): kick-off
 * (contest.status live at 0-0, period first_half), each event at its match minute (contest.event,
 * with the real event's data) and after each goal the running score (contest.score), each new
 * period of the clock as a contest.status (half_time with the half-time score, second_half,
 * extra_time with the score after 90 minutes, penalties with the score after extra time), then at
 * the final whistle the team statistics (contest.statistics) and the real final state
 * (contest.status finished). Before kick-off, the move of each book from its early to its closing
 * price, as an ingested closing price would report it (odds.moved). Every contest payload has the
 * shape of GET /v1/contests/{id}.
 * Read-only: nothing here writes.
 */
import { ApiError, notFound } from "../platform/errors";
import { contestData, type ContestState, type SideState } from "../events/contest-state";
import { sid } from "../events/changes";
import type { ChangeInput, ChangeType } from "../events/types";
import { eventData } from "../sports/match-events";
import { teamStatsData } from "../sports/match-stats";
import type { DbOrTx } from "../platform/db/client";
import { replayContest, replayOdds } from "./store";
import { envNum } from "../platform/config";
import { oddsMoves, outcomeKey, type LastPrice } from "../ingest/odds-moves";
import type { OddsRecord } from "../importers/types";
import { PUBLISHED } from "../odds/markets";

/** Changes due `at` match-clock minutes after kick-off (breaks and stoppage time included). */
export interface ReplayStep {
  at: number;
  changes: ChangeInput[];
}

// Breaks of the match clock, in minutes: half time, before extra time, its own break, before penalties.
const HALF_TIME_BREAK = 15;
const EXTRA_TIME_BREAK = 5;
const EXTRA_HALF_BREAK = 1;
const SHOOTOUT_BREAK = 2;

type Loaded = NonNullable<Awaited<ReturnType<typeof replayContest>>>;

/** Longest stoppage of a period: the largest added time of its events at the period's last minute. */
const stoppage = (c: Loaded, end: number, fallback: number) =>
  Math.max(fallback, ...c.events.filter((e) => e.minute === end).map((e) => e.addedTime ?? 0));

/** Minute → match clock: a period's stoppage and the breaks before it push later minutes back. */
function clockOf(c: Loaded) {
  const first = stoppage(c, 45, 2);
  const second = first + HALF_TIME_BREAK + stoppage(c, 90, 4) + EXTRA_TIME_BREAK;
  const third = second + stoppage(c, 105, 1) + EXTRA_HALF_BREAK;
  const at = (minute: number, added: number) =>
    minute +
    added +
    (minute <= 45 ? 0 : minute <= 90 ? first + HALF_TIME_BREAK : minute <= 105 ? second : third);
  const extraTime =
    c.events.some((e) => (e.minute ?? 0) > 90) || c.participants.some((p) => p.extraTimeScore !== null);
  const shootout = c.participants.some((p) => p.penaltyScore !== null);
  const fullTime = at(90, stoppage(c, 90, 4));
  const whistle = extraTime ? at(120, stoppage(c, 120, 1)) : fullTime;
  return {
    at,
    halfTime: at(45, first),
    secondHalf: at(46, 0) - 1,
    extraTime: extraTime ? at(91, 0) - 1 : null,
    penalties: shootout ? whistle + 1 : null,
    end: whistle + (shootout ? SHOOTOUT_BREAK : 0),
  };
}

const liveSide = (p: Loaded["participants"][number]): SideState => ({
  side: p.side,
  teamId: p.teamId,
  personId: p.personId,
  name: p.teamName ?? p.team?.name ?? p.person?.name ?? "",
  score: 0,
  halftimeScore: null,
  scoreDetail: null,
  outcome: null,
});

/** The early-to-closing moves of the contest's books as one odds.moved change (null: none moved). */
async function closingMoves(
  db: DbOrTx,
  contestId: number,
  competitionId: number,
): Promise<ChangeInput | null> {
  const points = (await replayOdds(db, contestId)).filter((p) => !PUBLISHED.has(p.bookmaker));
  // The early price: each outcome's first one that is not closing.
  const early = new Map<string, LastPrice>();
  for (const p of points)
    if (!p.isClosing && !early.has(outcomeKey(p)))
      early.set(outcomeKey(p), { price: p.price, at: p.observedAt.getTime() });
  const closing = points.filter((p) => p.isClosing) as OddsRecord[];
  return oddsMoves(competitionId, { contestId, odds: closing }, early, envNum("ODDS_MOVED_MIN_PP")).change;
}

/**
 * The replay's steps in order, or an ApiError: 404 for an unknown contest, 409 for one that is
 * not finished (a replay shows how a real match went).
 */
export async function replayPlan(db: DbOrTx, contestId: number): Promise<ReplayStep[]> {
  const c = await replayContest(db, contestId);
  if (!c) throw notFound(`Contest ${contestId}`);
  if (c.status !== "finished")
    throw new ApiError(
      "CONFLICT",
      `Contest ${contestId} is ${c.status}; only a finished contest can be replayed`,
    );
  const base = { resourceId: c.id, competitionId: c.edition.competitionId, contestId: c.id };
  const sides = c.participants.map((p) => ({
    ...p,
    name: p.teamName ?? p.team?.name ?? p.person?.name ?? "",
  }));
  const real: ContestState = { ...c, competitionId: c.edition.competitionId, participants: sides };
  const live: ContestState = {
    ...real,
    status: "live",
    decidedBy: null,
    period: "first_half",
    minute: 0,
    participants: c.participants.map(liveSide),
  };
  const snapshot = () => contestData({ ...live, participants: live.participants.map((p) => ({ ...p })) });
  const change = (type: ChangeType, data: Record<string, unknown>): ChangeInput => ({ type, ...base, data });
  const clock = clockOf(c);
  const moved = await closingMoves(db, c.id, c.edition.competitionId);
  const steps: ReplayStep[] = [
    { at: 0, changes: [...(moved ? [moved] : []), change("contest.status", snapshot())] },
  ];
  // The clock's periods, each due at its match-clock time, with the scores known by then.
  const copy = (key: "halftimeScore" | "fullTimeScore" | "extraTimeScore") => {
    for (const p of live.participants) p[key] = c.participants.find((q) => q.side === p.side)?.[key] ?? null;
  };
  const periods: Array<{ at: number; period: string; minute: number; before?: () => void }> = [
    { at: clock.halfTime, period: "half_time", minute: 45, before: () => copy("halftimeScore") },
    { at: clock.secondHalf, period: "second_half", minute: 46 },
  ];
  if (clock.extraTime !== null)
    periods.push({
      at: clock.extraTime,
      period: "extra_time",
      minute: 91,
      before: () => copy("fullTimeScore"),
    });
  if (clock.penalties !== null)
    periods.push({
      at: clock.penalties,
      period: "penalties",
      minute: clock.extraTime !== null ? 120 : 90,
      before: () => copy(clock.extraTime !== null ? "extraTimeScore" : "fullTimeScore"),
    });
  let last = 0;
  const periodsDue = (until: number) => {
    while (periods.length && periods[0].at < until) {
      const p = periods.shift()!;
      p.before?.();
      live.period = p.period;
      live.minute = p.minute;
      last = Math.max(last, p.at);
      steps.push({ at: last, changes: [change("contest.status", snapshot())] });
    }
  };
  for (const e of c.events) {
    // An event without a minute (a tennis set) follows the one before it by a minute.
    const at = e.minute === null ? last + 1 : Math.max(last, clock.at(e.minute, e.addedTime ?? 0));
    periodsDue(at);
    last = Math.max(last, at);
    if (e.minute !== null) live.minute = e.minute + (e.addedTime ?? 0);
    const changes = [change("contest.event", eventData(e))];
    const scorer = live.participants.find((p) => p.teamId !== null && p.teamId === e.teamId);
    if (e.type === "goal" && scorer) {
      scorer.score = (scorer.score ?? 0) + 1;
      changes.push(change("contest.score", snapshot()));
    }
    steps.push({ at: last, changes });
  }
  periodsDue(clock.end + 1);
  const final: ChangeInput[] = [];
  if (c.teamStats.length)
    final.push(
      change("contest.statistics", {
        contest_id: String(c.id),
        teams: c.teamStats.map((t) => ({ team_id: sid(t.teamId), ...teamStatsData(t) })),
      }),
    );
  const minutes = clock.extraTime !== null ? 120 : 90;
  final.push(change("contest.status", contestData({ ...real, period: "finished", minute: minutes })));
  steps.push({ at: Math.max(last, clock.end), changes: final });
  return steps;
}

/** How many changes a plan emits. */
export const changeCount = (steps: ReplayStep[]) => steps.reduce((n, s) => n + s.changes.length, 0);
