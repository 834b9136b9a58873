/**
 * Odds arithmetic on one bookmaker's prices for one market (docs/odds-analytics.md): the margin,
 * probabilities with the margin removed by three methods, closing-line value and the scores of a
 * forecast. Pure functions: no database, no I/O.
 *
 * With π_i = 1/odds_i (the implied probabilities) and S = Σ π_i:
 *   margin          S − 1
 *   multiplicative  p_i = π_i / S
 *   power           p_i = π_i^k with k solved so that Σ π_i^k = 1
 *   Shin            p_i = (√(z² + 4(1−z)·π_i²/S) − z) / (2(1−z)) with z solved so that Σ p_i = 1
 */

export const NO_VIG_METHODS = ["multiplicative", "power", "shin"] as const;
export type NoVigMethod = (typeof NO_VIG_METHODS)[number];

/** A solved method: its probabilities in the prices' order and the solved parameter (k, z). */
export interface NoVig {
  probabilities: number[];
  /** power: k; Shin: z; multiplicative: null. */
  parameter: number | null;
}

/** Roots are solved until the probabilities sum to 1 within this (the API promises 1e-9). */
const TOLERANCE = 1e-13;
const MAX_STEPS = 200;

export const implied = (odds: readonly number[]) => odds.map((o) => 1 / o);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Σ 1/odds − 1: the bookmaker's margin (overround) on the market. */
export const margin = (odds: readonly number[]) => sum(implied(odds)) - 1;

export function multiplicative(odds: readonly number[]): NoVig {
  const pi = implied(odds);
  const s = sum(pi);
  return { probabilities: pi.map((p) => p / s), parameter: null };
}

/**
 * The root of a function that decreases on [lo, hi] and changes sign there: Newton's steps where
 * they stay inside the bracket, bisection otherwise (both shrink the bracket, so it converges).
 */
function solveDecreasing(
  f: (x: number) => [number, number],
  lo: number,
  hi: number,
  x0: number,
): number | null {
  let x = x0;
  for (let i = 0; i < MAX_STEPS; i++) {
    const [fx, dfx] = f(x);
    if (Math.abs(fx) < TOLERANCE) return x;
    if (fx > 0) lo = x;
    else hi = x;
    const newton = dfx < 0 ? x - fx / dfx : NaN;
    x = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (hi - lo < 1e-15 * Math.max(1, Math.abs(x))) return Math.abs(f(x)[0]) < 1e-10 ? x : null;
  }
  return null;
}

/** Power method: Σ π_i^k = 1. Σ π_i^k decreases in k (every π_i < 1), from n − 1 > 0 near 0 to −1. */
export function power(odds: readonly number[]): NoVig | null {
  const pi = implied(odds);
  if (pi.some((p) => p >= 1)) return null;
  const f = (k: number): [number, number] => {
    let s = -1;
    let d = 0;
    for (const p of pi) {
      const t = p ** k;
      s += t;
      d += t * Math.log(p);
    }
    return [s, d];
  };
  const k = solveDecreasing(f, 1e-9, 1e6, 1);
  return k === null ? null : { probabilities: pi.map((p) => p ** k), parameter: k };
}

/** Shin's p_i for a given z (see the module comment). */
export function shinProbabilities(pi: readonly number[], z: number): number[] {
  const s = sum(pi);
  return pi.map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / s) - z) / (2 * (1 - z)));
}

/**
 * Shin's method: z with Σ p_i(z) = 1. At z = 0 the sum is √S, so z > 0 for a positive margin and
 * z < 0 for a negative one (best prices across books, an exchange); the sum decreases in z.
 */
export function shin(odds: readonly number[]): NoVig | null {
  const pi = implied(odds);
  const s = sum(pi);
  const a = pi.map((p) => (p * p) / s);
  // Σ p_i(z) − 1 and its derivative in closed form: with r_i = √(z² + 4(1−z)·a_i), a_i = π_i²/S,
  // p_i = (r_i − z) / (2(1−z)) and dp_i/dz = ((z − 2a_i)/r_i − 1 + p_i·2) / (2(1−z)).
  const f = (z: number): [number, number] => {
    let v = -1;
    let d = 0;
    for (const ai of a) {
      const r = Math.sqrt(z * z + 4 * (1 - z) * ai);
      const p = (r - z) / (2 * (1 - z));
      v += p;
      d += ((z - 2 * ai) / r - 1 + 2 * p) / (2 * (1 - z));
    }
    return [v, d];
  };
  const lo = -0.999999;
  const hi = 0.999999;
  if (f(lo)[0] < 0 || f(hi)[0] > 0) return null;
  const z = solveDecreasing(f, lo, hi, 0);
  return z === null ? null : { probabilities: shinProbabilities(pi, z), parameter: z };
}

export function noVig(method: NoVigMethod, odds: readonly number[]): NoVig | null {
  if (odds.length < 2 || odds.some((o) => !(o > 1))) return null;
  if (method === "multiplicative") return multiplicative(odds);
  return method === "power" ? power(odds) : shin(odds);
}

/** Closing-line value of a price against a closing probability: odds × p_close − 1. */
export const clv = (odds: number, pClose: number) => odds * pClose - 1;

/** Element-wise mean of equally long probability vectors (the consensus of several books). */
export function meanVector(vectors: readonly number[][]): number[] {
  const n = vectors[0].length;
  const out = new Array<number>(n).fill(0);
  for (const v of vectors) for (let i = 0; i < n; i++) out[i] += v[i] / vectors.length;
  return out;
}

/** Multi-class Brier score of one forecast: Σ_i (p_i − o_i)², o_i = 1 for the outcome that happened. */
export const brier = (p: readonly number[], happened: number) =>
  p.reduce((a, pi, i) => a + (pi - (i === happened ? 1 : 0)) ** 2, 0);

/** Log loss of one forecast: −ln p of the outcome that happened. */
export const logLoss = (p: readonly number[], happened: number) => -Math.log(p[happened]);
