import { CLOSING_LEAD_MS, REFERENCE_DATE, footballPollTimes } from "./calendar";
import type { Rng } from "./rng";
import type { RowSink } from "./tables";

/** Bookmaker keys as The Odds API spells them, with their typical margin (overround). */
export const FOOTBALL_BOOKS = [
  { key: "pinnacle", margin: 0.025 },
  { key: "bet365", margin: 0.05 },
  { key: "williamhill", margin: 0.065 },
  { key: "unibet", margin: 0.055 },
  { key: "betfair_ex_eu", margin: 0.012 },
];
export const TENNIS_BOOKS = FOOTBALL_BOOKS.slice(0, 4);

function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [Math.exp(-lambda)];
  for (let k = 1; k <= max; k++) out.push((out[k - 1] * lambda) / k);
  return out;
}

/** Outcome probabilities of a match whose goals are independent Poisson(λh), Poisson(λa). */
export function footballProbabilities(lh: number, la: number, totalsLine: number, spreadLine: number) {
  const ph = poissonPmf(lh, 12);
  const pa = poissonPmf(la, 12);
  let home = 0,
    draw = 0,
    over = 0,
    homeCovers = 0;
  for (let h = 0; h <= 12; h++) {
    for (let a = 0; a <= 12; a++) {
      const p = ph[h] * pa[a];
      if (h > a) home += p;
      else if (h === a) draw += p;
      if (h + a > totalsLine) over += p;
      if (h - a + spreadLine > 0) homeCovers += p;
    }
  }
  return { home, draw, away: 1 - home - draw, over, under: 1 - over, homeCovers, awayCovers: 1 - homeCovers };
}

/** The half-goal handicap for the home side that makes the two spread selections closest to even. */
export function spreadLineFor(lh: number, la: number): number {
  let best = 0.5,
    bestGap = Infinity;
  for (const line of [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]) {
    const gap = Math.abs(footballProbabilities(lh, la, 2.5, line).homeCovers - 0.5);
    if (gap < bestGap) [best, bestGap] = [line, gap];
  }
  return best;
}

/** Decimal price for a probability after a bookmaker's margin, rounded like a real book. */
export function price(p: number, margin: number): number {
  const raw = 1 / Math.max(0.005, Math.min(0.995, p * (1 + margin)));
  const step = raw < 3 ? 0.01 : raw < 10 ? 0.05 : 0.5;
  return Math.max(1.01, Math.round(raw / step) * step);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Snapshot instants a contest's book was observed: the polls before kick-off plus the closing one. */
export function snapshots(
  polls: Date[],
  kickoffAt: Date,
  notBefore?: Date,
): Array<{ at: Date; closing: boolean }> {
  const closingAt = new Date(kickoffAt.getTime() - CLOSING_LEAD_MS);
  const out = polls
    .filter((t) => t < closingAt && (!notBefore || t > notBefore))
    .map((at) => ({ at, closing: false }));
  out.push({ at: closingAt, closing: true });
  // The feed has observed nothing after the reference instant.
  return out.filter((s) => s.at <= REFERENCE_DATE);
}

/**
 * Writes the football book of one contest: h2h, totals 2.5 and a half-goal spread for every
 * bookmaker at every snapshot. The market's estimate of the goal rates drifts toward the truth
 * as kick-off nears, so prices move over the days before the match.
 */
export function footballOdds(
  rng: Rng,
  sink: RowSink,
  contestId: number,
  kickoffAt: Date,
  lh: number,
  la: number,
): void {
  const spread = spreadLineFor(lh, la);
  const snaps = snapshots(footballPollTimes(kickoffAt), kickoffAt);
  let errH = rng.normal(0, 0.14);
  let errA = rng.normal(0, 0.14);
  for (const snap of snaps) {
    for (const book of FOOTBALL_BOOKS) {
      const p = footballProbabilities(
        lh * Math.exp(errH + rng.normal(0, 0.02)),
        la * Math.exp(errA + rng.normal(0, 0.02)),
        2.5,
        spread,
      );
      const add = (market: string, selection: string, line: number | null, prob: number) =>
        sink.add("odds_points", {
          id: sink.id("odds_points"),
          contestId,
          personId: null,
          bookmaker: book.key,
          market,
          selection,
          line,
          price: round2(price(prob, book.margin)),
          observedAt: snap.at,
          isClosing: snap.closing,
        });
      add("h2h", "home", null, p.home);
      add("h2h", "draw", null, p.draw);
      add("h2h", "away", null, p.away);
      add("totals", "over", 2.5, p.over);
      add("totals", "under", 2.5, p.under);
      add("spreads", "home", spread, p.homeCovers);
      add("spreads", "away", -spread, p.awayCovers);
    }
    errH = errH * 0.55 + rng.normal(0, 0.03);
    errA = errA * 0.55 + rng.normal(0, 0.03);
  }
}

export interface TennisBook {
  contestId: number;
  kickoffAt: Date;
  homeId: number;
  awayId: number;
  /** True probability that the home player wins. */
  pHome: number;
  bestOf: number;
  /** Polls before this instant are skipped (the pairing was not known yet). */
  knownFrom?: Date;
}

/** 08:00 UTC two days before, the day before and the morning of the match. */
function tennisPolls(kickoffAt: Date): Date[] {
  const day = Date.UTC(kickoffAt.getUTCFullYear(), kickoffAt.getUTCMonth(), kickoffAt.getUTCDate(), 8);
  return [2, 1, 0].map((d) => new Date(day - d * 86_400_000));
}

/** Person odds: h2h and a games handicap carry the player's personId; the games total does not. */
export function tennisOdds(rng: Rng, sink: RowSink, b: TennisBook): void {
  const fav = b.pHome >= 0.5 ? 1 : -1;
  const spread = -fav * (Math.round(Math.abs(b.pHome - 0.5) * 14) + 0.5);
  const total = b.bestOf === 5 ? 38.5 : 22.5;
  let err = rng.normal(0, 0.06);
  for (const snap of snapshots(tennisPolls(b.kickoffAt), b.kickoffAt, b.knownFrom)) {
    for (const book of TENNIS_BOOKS) {
      const pH = Math.min(0.97, Math.max(0.03, b.pHome + err + rng.normal(0, 0.01)));
      const pCover = 0.5 + rng.normal(0, 0.03);
      const pOver = 0.5 - Math.abs(b.pHome - 0.5) * 0.3 + rng.normal(0, 0.02);
      const add = (
        market: string,
        selection: string,
        personId: number | null,
        line: number | null,
        prob: number,
      ) =>
        sink.add("odds_points", {
          id: sink.id("odds_points"),
          contestId: b.contestId,
          personId,
          bookmaker: book.key,
          market,
          selection,
          line,
          price: round2(price(prob, book.margin)),
          observedAt: snap.at,
          isClosing: snap.closing,
        });
      add("h2h", "home", b.homeId, null, pH);
      add("h2h", "away", b.awayId, null, 1 - pH);
      add("spreads", "home", b.homeId, spread, pCover);
      add("spreads", "away", b.awayId, -spread, 1 - pCover);
      add("totals", "over", null, total, pOver);
      add("totals", "under", null, total, 1 - pOver);
    }
    err = err * 0.5 + rng.normal(0, 0.015);
  }
}
