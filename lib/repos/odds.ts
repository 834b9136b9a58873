import { db } from "../db";
import type { Prisma } from "../generated/sqlite/client";

export type OddsScope = { kind: "contest" | "person"; id: number };
export interface OddsFilter {
  bookmaker?: string;
  market?: string;
  selection?: string;
  /** Exclusive window ends. */
  before?: Date;
  after?: Date;
}
/** A point's place in newest-first order: (observedAt desc, id desc). */
export interface Position {
  t: Date;
  id: number;
}

const pointSelect = {
  id: true, contestId: true, personId: true, bookmaker: true, market: true, selection: true, line: true,
  price: true, observedAt: true, isClosing: true,
} as const;

export type OddsRow = Prisma.OddsPointGetPayload<{ select: typeof pointSelect }>;

function scopeWhere(scope: OddsScope, f: OddsFilter): Prisma.OddsPointWhereInput[] {
  const where: Prisma.OddsPointWhereInput[] = [
    scope.kind === "contest" ? { contestId: scope.id } : { personId: scope.id },
    { bookmaker: f.bookmaker, market: f.market, selection: f.selection },
  ];
  if (f.before) where.push({ observedAt: { lt: f.before } });
  if (f.after) where.push({ observedAt: { gt: f.after } });
  return where;
}

/**
 * Rows strictly after `pos` in newest-first order. Written as `observedAt <= t AND (observedAt < t
 * OR id < lastId)` so the (scope, observedAt desc, id desc) index seeks straight to the position:
 * page k costs what page 1 costs.
 */
export function oddsAfter(scope: OddsScope, f: OddsFilter, pos: Position | null, take: number): Promise<OddsRow[]> {
  const and = scopeWhere(scope, f);
  if (pos) and.push({ observedAt: { lte: pos.t } }, { OR: [{ observedAt: { lt: pos.t } }, { id: { lt: pos.id } }] });
  return db.oddsPoint.findMany({ where: { AND: and }, select: pointSelect, orderBy: [{ observedAt: "desc" }, { id: "desc" }], take });
}

/** Every row observed in [from, to) for the scope and filters (part of one downsampling bucket). */
export function oddsInWindow(scope: OddsScope, f: OddsFilter, from: Date, to: Date) {
  const and = scopeWhere(scope, f);
  and.push({ observedAt: { gte: from, lt: to } });
  return db.oddsPoint.findMany({
    where: { AND: and },
    select: { id: true, observedAt: true, bookmaker: true, market: true, selection: true, line: true },
  });
}
