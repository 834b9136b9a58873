/**
 * `statline verify`: recomputes every stored derived fact from its base facts (docs/invariants.md)
 * with the write paths' own derivations (lib/sports/outcome.ts, rebuildStandings,
 * rebuildEditionStats) and reports each drift as entity, field, stored and expected value.
 *
 * It runs those derivations inside one transaction and compares the rows before and after: a
 * check rolls the transaction back, `repair` commits it, so the correction is one transaction
 * with its change-feed rows (contest.score per corrected contest, standings.updated per edition).
 */
import { retryBusy } from "../platform/db/busy-retry";
import type { Db, DbOrTx } from "../platform/db/client";
import { rebuildStandings } from "../sports/standings";
import { rebuildEditionStats } from "../sports/store/stats";
import { contestDrifts } from "./contests";
import { rowDrifts } from "./diff";
import { oddsSnapshotDrifts } from "./odds";
import { allStandings, editionIds, statAggregates, type Scope } from "./store";
import type { VerifyReport } from "./types";

export type { Drift, VerifyReport } from "./types";

class RollBack extends Error {
  constructor(readonly report: VerifyReport) {
    super("verify: check only");
  }
}

const STANDING_FIELDS = [
  "position",
  "played",
  "won",
  "drawn",
  "lost",
  "goalsFor",
  "goalsAgainst",
  "goalDifference",
  "points",
  "form",
  "adjustment",
  "adjustmentNote",
] as const;

async function derivedDrifts(tx: DbOrTx, repair: boolean, scope: Scope): Promise<VerifyReport> {
  const contests = await contestDrifts(tx, repair, scope);
  const standings = await allStandings(tx, scope);
  const stats = await statAggregates(tx, scope);
  const editions = await editionIds(tx, scope);
  const odds = await oddsSnapshotDrifts(tx, repair, scope);
  let changes = contests.changes;
  for (const id of editions) {
    if (await rebuildStandings(tx, id)) changes++;
    await rebuildEditionStats(tx, id);
  }
  const standingsAfter = await allStandings(tx, scope);
  const statsAfter = await statAggregates(tx, scope);
  const drifts = [
    ...contests.drifts,
    ...rowDrifts(
      "standing",
      standings,
      standingsAfter,
      (s) => `${s.editionId}|${s.group}|${s.teamId}`,
      STANDING_FIELDS,
    ),
    ...rowDrifts(
      "person_edition_stat",
      stats.edition,
      statsAfter.edition,
      (s) => `${s.editionId}|${s.stat}|${s.personId}`,
      ["teamId", "value", "contests"],
    ),
    ...rowDrifts("edition_stat_name", stats.names, statsAfter.names, (s) => `${s.editionId}|${s.stat}`, []),
    ...rowDrifts(
      "competition_person_stat",
      stats.competition,
      statsAfter.competition,
      (s) => `${s.competitionId}|${s.stat}|${s.personId}`,
      ["teamId", "value", "contests"],
    ),
    ...odds.drifts,
  ];
  return {
    checked: {
      contests: contests.checked,
      editions: editions.length,
      standings: standingsAfter.length,
      seasonStats: statsAfter.edition.length + statsAfter.competition.length,
      oddsSnapshots: odds.checked,
    },
    drifts,
    repaired: repair && drifts.length > 0,
    changes: repair ? changes : 0,
  };
}

/**
 * The drifts of the database `db` (of the `editions` given, else of all); with `repair` they are corrected in one transaction and the
 * corrections recorded in the change feed (the caller signals the data change after it returns:
 * bumpDataVersion, when `repaired`).
 */
export async function verify(
  db: Db,
  opts: { repair?: boolean; editions?: number[] } = {},
): Promise<VerifyReport> {
  const repair = opts.repair === true;
  try {
    // On SQLite a writer that commits between its reads and its first write makes the transaction
    // fail busy; it is run again, like every write transaction (lib/platform/db/busy-retry.ts).
    return await retryBusy(() =>
      db.$transaction(
        async (tx) => {
          const report = await derivedDrifts(tx, repair, opts.editions ?? null);
          if (!repair) throw new RollBack(report);
          return report;
        },
        { timeout: 600_000, maxWait: 60_000 },
      ),
    );
  } catch (err) {
    if (err instanceof RollBack) return err.report;
    throw err;
  }
}
