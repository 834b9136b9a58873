import type { DbOrTx } from "../../platform/db/client";
import { outcomeKey, type LastPrice } from "../odds-moves";

/**
 * A contest's latest price per outcome (bookmaker, market, selection, line): the baseline of
 * odds.moved on the Prisma path (PostgreSQL), one statement per contest of a batch.
 */
export async function latestOddsPrices(db: DbOrTx, contestId: number): Promise<Map<string, LastPrice>> {
  const rows = await db.$queryRaw<
    Array<{
      bookmaker: string;
      market: string;
      selection: string;
      line: number | null;
      price: number;
      observedAt: Date;
    }>
  >`SELECT "bookmaker", "market", "selection", "line", "price", "observedAt" FROM (
      SELECT o.*, ROW_NUMBER() OVER (PARTITION BY "bookmaker", "market", "selection", "line"
        ORDER BY "observedAt" DESC, "id" DESC) AS "rn"
      FROM "odds_points" o WHERE "contestId" = ${contestId}) s WHERE s."rn" = 1`;
  return new Map(
    rows.map((r) => [outcomeKey(r), { price: Number(r.price), at: new Date(r.observedAt).getTime() }]),
  );
}
