/**
 * The unit price list's shape, without the plans it belongs to (lib/plans/index.ts): the console's plan
 * editor renders it in the browser, so this module imports nothing.
 */

/**
 * The endpoint groups a plan prices: every /v1 route names one (RouteDef.group), a call costs its
 * group's units on the caller's plan. reference: competitions, editions, teams, persons, rosters,
 * standings; contests: contests and the match centre; odds: odds history (and a change-feed page
 * or stream event carrying an odds change); analysis: stat-board, season stats, head-to-head;
 * feed: the change feed and the stream.
 */
export const UNIT_GROUPS = ["reference", "contests", "odds", "analysis", "feed"] as const;
export type UnitGroup = (typeof UNIT_GROUPS)[number];
export type UnitCosts = Record<UnitGroup, number>;

/** A call's price unless its plan sets another: odds 5 (like The Odds API's historical multiplier), the rest 1. */
export const DEFAULT_UNIT_COSTS: Readonly<UnitCosts> = Object.freeze({
  reference: 1,
  contests: 1,
  odds: 5,
  analysis: 1,
  feed: 1,
});
export const MAX_UNIT_COST = 1000;

/** A plan's prices: the defaults with the stored or configured ones on top. */
export const withDefaultCosts = (costs: Partial<UnitCosts> | undefined): UnitCosts => ({
  ...DEFAULT_UNIT_COSTS,
  ...costs,
});
