import { Prisma } from "../generated/sqlite/client";
import type { DbOrTx } from "../sports/db";
import { normalizeName, slugify } from "../sports/normalize";
import { TeamResolver } from "./teams";
import type { MatchRecord, OddsRecord, ParsedFile, RowError } from "./types";

/** By slug, then by name (accents and case ignored); created from the file's metadata when absent. */
export async function resolveCompetition(db: DbOrTx, parsed: ParsedFile, wanted?: string) {
  const name = wanted?.trim() || parsed.competition.name;
  const bySlug = await db.competition.findUnique({ where: { slug: name } });
  if (bySlug) return bySlug;
  const all = await db.competition.findMany({ orderBy: { id: "asc" } });
  const found = all.find((c) => normalizeName(c.name) === normalizeName(name) || c.slug === slugify(name));
  if (found) return found;
  return db.competition.create({
    data: { slug: slugify(name), name, sport: "football", kind: "team", format: parsed.competition.format, country: parsed.competition.country },
  });
}

/** Finds or creates the edition; its date range grows to cover the file's contests. */
export async function resolveEdition(db: DbOrTx, competitionId: number, name: string, records: MatchRecord[]) {
  const times = records.map((r) => r.kickoffAt.getTime());
  const start = new Date(times.length ? Math.min(...times) : 0);
  const end = new Date(times.length ? Math.max(...times) : 0);
  const existing = await db.edition.findUnique({ where: { competitionId_name: { competitionId, name } } });
  if (!existing) return db.edition.create({ data: { competitionId, name, startDate: start, endDate: end } });
  if (!times.length || (existing.startDate <= start && existing.endDate >= end)) return existing;
  return db.edition.update({
    where: { id: existing.id },
    data: { startDate: existing.startDate < start ? existing.startDate : start, endDate: existing.endDate > end ? existing.endDate : end },
  });
}

function outcome(r: MatchRecord, side: 0 | 1): string | null {
  if (!r.score) return null;
  const [mine, theirs] = side === 0 ? r.score : [r.score[1], r.score[0]];
  if (mine !== theirs) return mine > theirs ? "win" : "loss";
  if (r.decidedBy) return (r.decidedBy === "home") === (side === 0) ? "win" : "loss";
  return "draw";
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export interface ContestCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

/**
 * Creates or updates one contest per record. Identity (externalRef) is competition, edition,
 * local date and the two clubs, so the same match from a CSV and from openfootball is one contest
 * and a re-import finds the rows it wrote. Returns record -> contest id.
 */
export async function upsertContests(db: DbOrTx, comp: { slug: string; country: string | null }, edition: { id: number; name: string }, records: MatchRecord[], teams: TeamResolver, errors: RowError[]) {
  const counts: ContestCounts = { imported: 0, updated: 0, unchanged: 0 };
  const defaultCountry = comp.country;
  const wanted = new Map<string, { r: MatchRecord; home: number; away: number }>();
  for (const r of records) {
    const home = await teams.resolve(r.home.name, r.home.country ?? defaultCountry);
    const away = await teams.resolve(r.away.name, r.away.country ?? defaultCountry);
    const ref = `${comp.slug}/${edition.name}/${r.localDate}/${home}-${away}`;
    const dup = wanted.get(ref);
    if (dup) errors.push({ where: r.where, message: `duplicate of ${dup.r.where} (same clubs on the same day)` });
    else wanted.set(ref, { r, home, away });
  }
  const existing = new Map<string, Awaited<ReturnType<typeof findContests>>[number]>();
  for (const refs of chunks([...wanted.keys()], 500)) for (const c of await findContests(db, refs)) existing.set(c.externalRef, c);

  const ids = new Map<MatchRecord, number>();
  const fresh: Array<{ r: MatchRecord; externalRef: string; sides: ParticipantData[] }> = [];
  for (const [externalRef, { r, home, away }] of wanted) {
    const sides: ParticipantData[] = ([home, away] as const).map((teamId, s) => ({
      side: s === 0 ? "home" : "away", teamId, personId: null, score: r.score?.[s] ?? null, halftimeScore: r.halftime?.[s] ?? null,
      scoreDetail: r.detail, outcome: outcome(r, s as 0 | 1),
    }));
    const old = existing.get(externalRef);
    // A source that does not know a detail (no half-time score, no extra-time note) leaves it alone.
    for (const want of sides) {
      const have = old?.participants.find((p) => p.side === want.side);
      if (have && r.status === "finished") {
        want.halftimeScore ??= have.halftimeScore;
        want.scoreDetail ??= have.scoreDetail;
      }
    }
    if (!old) {
      fresh.push({ r, externalRef, sides });
      continue;
    }
    ids.set(r, old.id);
    let changed = false;
    const data = { stage: r.stage, status: r.status, kickoffAt: r.kickoffAt, ...(r.roundKnown ? { round: r.round } : {}) };
    if (old.stage !== data.stage || old.status !== data.status || old.kickoffAt.getTime() !== data.kickoffAt.getTime() || (r.roundKnown && old.round !== r.round)) {
      await db.contest.update({ where: { id: old.id }, data });
      changed = true;
    }
    for (const want of sides) {
      const have = old.participants.find((p) => p.side === want.side);
      if (!have) {
        await db.contestParticipant.create({ data: { contestId: old.id, ...want } });
        changed = true;
      } else if (have.score !== want.score || have.halftimeScore !== want.halftimeScore || have.scoreDetail !== want.scoreDetail || have.outcome !== want.outcome) {
        await db.contestParticipant.update({ where: { id: have.id }, data: { score: want.score, halftimeScore: want.halftimeScore, scoreDetail: want.scoreDetail, outcome: want.outcome } });
        changed = true;
      }
    }
    counts[changed ? "updated" : "unchanged"]++;
  }
  await createContests(db, edition.id, fresh, ids);
  counts.imported = fresh.length;
  return { ids, counts };
}

interface ParticipantData {
  side: string;
  teamId: number;
  personId: null;
  score: number | null;
  halftimeScore: number | null;
  scoreDetail: string | null;
  outcome: string | null;
}

/** New contests in bulk: createMany, read the ids back by externalRef, then the participants. */
async function createContests(db: DbOrTx, editionId: number, fresh: Array<{ r: MatchRecord; externalRef: string; sides: ParticipantData[] }>, ids: Map<MatchRecord, number>) {
  for (const batch of chunks(fresh, 500)) {
    await db.contest.createMany({
      data: batch.map(({ r, externalRef }) => ({ editionId, round: r.round, stage: r.stage, status: r.status, kickoffAt: r.kickoffAt, externalRef })),
    });
    const rows = await db.contest.findMany({ where: { externalRef: { in: batch.map((f) => f.externalRef) } }, select: { id: true, externalRef: true } });
    const idOf = new Map(rows.map((c) => [c.externalRef, c.id]));
    for (const f of batch) ids.set(f.r, idOf.get(f.externalRef)!);
    await db.contestParticipant.createMany({ data: batch.flatMap((f) => f.sides.map((p) => ({ ...p, contestId: idOf.get(f.externalRef)! }))) });
  }
}

function findContests(db: DbOrTx, refs: string[]) {
  return db.contest.findMany({ where: { externalRef: { in: refs } }, include: { participants: true } });
}

type OddsIdentity = { bookmaker: string; market: string; selection: string; line: number | null; observedAt: Date; isClosing: boolean };
const oddsKey = (contestId: number, o: OddsIdentity) =>
  `${contestId}|${o.bookmaker}|${o.market}|${o.selection}|${o.line ?? ""}|${o.observedAt.getTime()}|${o.isClosing ? 1 : 0}`;

/** Adds missing odds points and corrects changed prices; never deletes and re-inserts (ids stay). */
export async function upsertOdds(db: DbOrTx, ids: Map<MatchRecord, number>) {
  const counts = { imported: 0, updated: 0, unchanged: 0 };
  const withOdds = [...ids].filter(([r]) => r.odds.length);
  const have = new Map<string, { id: number; price: number }>();
  for (const group of chunks(withOdds.map(([, id]) => id), 200)) {
    const rows = await db.oddsPoint.findMany({
      where: { contestId: { in: group } },
      select: { id: true, contestId: true, bookmaker: true, market: true, selection: true, line: true, observedAt: true, isClosing: true, price: true },
    });
    for (const o of rows) have.set(oddsKey(o.contestId, o), { id: o.id, price: o.price });
  }
  const create: Array<OddsRecord & { contestId: number }> = [];
  for (const [r, contestId] of withOdds) {
    for (const o of r.odds) {
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
    const values = batch.map((o) => Prisma.sql`(${o.contestId}, ${o.bookmaker}, ${o.market}, ${o.selection}, ${o.line}, ${o.price}, ${o.observedAt}, ${o.isClosing})`);
    await db.$executeRaw`INSERT INTO "odds_points" ("contestId", "bookmaker", "market", "selection", "line", "price", "observedAt", "isClosing") VALUES ${Prisma.join(values)}`;
  }
  counts.imported = create.length;
  return counts;
}
