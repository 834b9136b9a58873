import { Prisma } from "../generated/sqlite/client";
import type { DbOrTx } from "../sports/db";
import { chunks } from "../util/chunks";
import type { OddsRecord } from "./types";

type OddsIdentity = {
  bookmaker: string;
  market: string;
  selection: string;
  line: number | null;
  observedAt: Date;
  isClosing: boolean;
};
const oddsKey = (contestId: number, o: OddsIdentity) =>
  `${contestId}|${o.bookmaker}|${o.market}|${o.selection}|${o.line ?? ""}|${o.observedAt.getTime()}|${o.isClosing ? 1 : 0}`;

/** Adds missing odds points and corrects changed prices; never deletes and re-inserts (ids stay). */
export async function upsertOdds(db: DbOrTx, books: Array<{ contestId: number; odds: OddsRecord[] }>) {
  const counts = { imported: 0, updated: 0, unchanged: 0 };
  const withOdds = books.filter((b) => b.odds.length);
  const have = new Map<string, { id: number; price: number }>();
  for (const group of chunks(
    withOdds.map((b) => b.contestId),
    200,
  )) {
    const rows = await db.oddsPoint.findMany({
      where: { contestId: { in: group } },
      select: {
        id: true,
        contestId: true,
        bookmaker: true,
        market: true,
        selection: true,
        line: true,
        observedAt: true,
        isClosing: true,
        price: true,
      },
    });
    for (const o of rows) have.set(oddsKey(o.contestId, o), { id: o.id, price: o.price });
  }
  const create: Array<OddsRecord & { contestId: number }> = [];
  for (const { contestId, odds } of withOdds) {
    for (const o of odds) {
      const old = have.get(oddsKey(contestId, o));
      if (!old) create.push({ ...o, contestId });
      else if (old.price !== o.price) {
        await db.oddsPoint.update({ where: { id: old.id }, data: { price: o.price } });
        counts.updated++;
      } else counts.unchanged++;
    }
  }
  // Multi-row INSERTs: Prisma's createMany spends ~0.3 ms a row building the query; this is ~20x faster.
  // Prisma.sql binds Dates exactly as typed writes do on both providers.
  for (const batch of chunks(create, 500)) {
    const values = batch.map(
      (o) =>
        Prisma.sql`(${o.contestId}, ${o.personId ?? null}, ${o.bookmaker}, ${o.market}, ${o.selection}, ${o.line}, ${o.price}, ${o.observedAt}, ${o.isClosing})`,
    );
    await db.$executeRaw`INSERT INTO "odds_points" ("contestId", "personId", "bookmaker", "market", "selection", "line", "price", "observedAt", "isClosing") VALUES ${Prisma.join(values)}`;
  }
  counts.imported = create.length;
  return counts;
}
