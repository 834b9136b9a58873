/**
 * An edition's bookmakers compared (docs/odds-analytics.md): per bookmaker the mean margin of its
 * early and closing books, and how well its closing (or early) no-vig probabilities predicted the finished
 * contests: the mean Brier score Σ_i (p_i − o_i)² and the mean log loss −ln p(result). Lower is
 * sharper. Handicap markets are not scored (their results include pushes and half wins).
 */
import type { BookPoint, SettledSide } from "../sports/store/odds-books";
import { brier, logLoss, type NoVigMethod } from "./math";
import { marketViews, type Phase } from "./markets";

export interface BookmakerSeason {
  bookmaker: string;
  contests: number;
  mean_margin: { early: number | null; closing: number | null };
  scored: number;
  brier: number | null;
  log_loss: number | null;
}

/**
 * The outcome a market settled on, or null (not settled, a push, a market without a result rule).
 * A three-way h2h (football's 1X2) settles on the score after 90 minutes; a two-way one (tennis)
 * on who won, which a retirement can leave at odds with the sets.
 */
export function settledOutcome(
  view: { market: string; line: number | null; outcomes: string[] },
  sides: SettledSide[],
) {
  const home = sides.find((s) => s.side === "home");
  const away = sides.find((s) => s.side === "away");
  if (!home || !away) return null;
  const scores = home.score !== null && away.score !== null ? [home.score, away.score] : null;
  if (view.market === "h2h" && view.outcomes.includes("draw")) {
    if (!scores) return null;
    return scores[0] === scores[1] ? "draw" : scores[0] > scores[1] ? "home" : "away";
  }
  if (view.market === "h2h") return home.outcome === "win" ? "home" : home.outcome === "loss" ? "away" : null;
  if (view.market === "totals" && scores && view.line !== null) {
    const total = scores[0] + scores[1];
    return total === view.line ? null : total > view.line ? "over" : "under";
  }
  return null;
}

function groupBy<T extends { contestId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const g = out.get(r.contestId);
    if (g) g.push(r);
    else out.set(r.contestId, [r]);
  }
  return out;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function bookmakerSeasons(
  points: BookPoint[],
  results: SettledSide[],
  line: number | null | undefined,
  method: NoVigMethod,
  scored: Phase = "closing",
): BookmakerSeason[] {
  const sides = groupBy(results);
  const byContest = groupBy(points);
  const acc = new Map<
    string,
    { contests: number; early: number[]; closing: number[]; b: number[]; l: number[] }
  >();
  for (const [contestId, rows] of byContest)
    for (const view of marketViews(rows, [method])) {
      if (line !== undefined && view.line !== line) continue;
      const result = settledOutcome(view, sides.get(contestId) ?? []);
      const happened = result === null ? -1 : view.outcomes.indexOf(result);
      for (const b of view.bookmakers) {
        const a = acc.get(b.bookmaker) ?? { contests: 0, early: [], closing: [], b: [], l: [] };
        acc.set(b.bookmaker, a);
        a.contests++;
        if (b.early?.margin != null) a.early.push(b.early.margin);
        if (b.closing?.margin != null) a.closing.push(b.closing.margin);
        const p = b[scored]?.no_vig?.[method]?.probabilities;
        if (!p || happened < 0) continue;
        const vector = view.outcomes.map((o) => p[o]);
        a.b.push(brier(vector, happened));
        a.l.push(logLoss(vector, happened));
      }
    }
  return [...acc]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([bookmaker, a]) => ({
      bookmaker,
      contests: a.contests,
      mean_margin: { early: mean(a.early), closing: mean(a.closing) },
      scored: a.b.length,
      brier: mean(a.b),
      log_loss: mean(a.l),
    }));
}
