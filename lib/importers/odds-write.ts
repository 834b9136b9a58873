import { recordChanges } from "../events/changes";
import type { DbOrTx } from "../platform/db/client";
import { planOdds, type OddsBook } from "./odds-plan";
import { storedPoints, writeOddsPlan } from "./store/odds";

/** Adds missing odds points and corrects changed prices; never deletes and re-inserts (ids stay). */
export async function upsertOdds(db: DbOrTx, competitionId: number, books: OddsBook[]) {
  const withOdds = books.filter((b) => b.odds.length);
  const plan = planOdds(competitionId, withOdds, await storedPoints(db, withOdds));
  await writeOddsPlan(db, plan);
  await recordChanges(db, plan.changes);
  return plan.counts;
}
