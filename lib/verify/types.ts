/** One stored derived fact that differs from what its base facts give. */
export interface Drift {
  /** contest, standing, person_edition_stat, edition_stat_name, competition_person_stat, odds_snapshot */
  entity: string;
  /** The row's identity, e.g. "611" or "3||12" (edition, group, team). */
  id: string;
  field: string;
  stored: unknown;
  expected: unknown;
}

export interface VerifyReport {
  /** How many of each were checked. */
  checked: {
    contests: number;
    editions: number;
    standings: number;
    seasonStats: number;
    oddsSnapshots: number;
  };
  drifts: Drift[];
  /** True when the drifts were corrected (--repair) and the changes recorded in the feed. */
  repaired: boolean;
  /** Change-feed rows the repair recorded. */
  changes: number;
}
