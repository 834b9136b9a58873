/**
 * `npm run simulate`: plays the next scheduled contests forward in accelerated time through the
 * importers' write path (upsertContests, upsertOdds, rebuildStandings), so every step lands in
 * the change feed, the live stream and webhooks exactly as an import would.
 */
import { bumpDataVersion } from "../events/data-version";
import { retryBusy } from "../db/busy-retry";
import type { Db } from "../db/client";
import { upsertOdds } from "../importers/odds";
import type { OddsRecord } from "../importers/types";
import { upsertContests, type ContestInput } from "../importers/upsert";
import { Rng } from "../seed/rng";
import { rebuildStandings } from "../sports/standings";
import { planContest, type SimContest, type SimStep } from "./plan";

export interface SimOptions {
  /** How many of the next scheduled contests to play (default 3). */
  contests: number;
  /** Simulated minutes per real minute (default 60: a football match takes about 2.5 minutes). */
  speed: number;
  /** RNG seed: the same seed plays the same matches (default 1). */
  seed: number;
  /** Only contests of this competition id. */
  competition?: number;
  log?: (line: string) => void;
}

/** The earliest scheduled contests with both sides known, oldest kick-off first. */
export async function nextContests(db: Db, n: number, competition?: number): Promise<SimContest[]> {
  const rows = await db.contest.findMany({
    where: {
      status: "scheduled",
      ...(competition ? { edition: { competitionId: competition } } : {}),
      participants: { some: {} },
    },
    orderBy: [{ kickoffAt: "asc" }, { id: "asc" }],
    take: n,
    include: { participants: true, edition: { select: { competitionId: true } } },
  });
  const out: SimContest[] = [];
  for (const c of rows) {
    const home = c.participants.find((p) => p.side === "home");
    const away = c.participants.find((p) => p.side === "away");
    if (!home || !away) continue;
    const prices = new Map<string, Map<string, number>>();
    const points = await db.oddsPoint.findMany({
      where: { contestId: c.id, market: "h2h" },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
      take: 300,
    });
    for (const o of points) {
      const book = prices.get(o.bookmaker) ?? new Map<string, number>();
      if (!book.has(o.selection)) book.set(o.selection, o.price);
      prices.set(o.bookmaker, book);
    }
    out.push({
      id: c.id,
      editionId: c.editionId,
      competitionId: c.edition.competitionId,
      externalRef: c.externalRef,
      round: c.round,
      stage: c.stage,
      kickoffAt: c.kickoffAt,
      venue: c.venue,
      sport: home.teamId != null ? "football" : "tennis",
      sides: [
        { side: "home", teamId: home.teamId, personId: home.personId },
        { side: "away", teamId: away.teamId, personId: away.personId },
      ],
      prices,
    });
  }
  return out;
}

/** Writes one step in one transaction, as an import of the contest's new state would. */
export async function writeStep(db: Db, c: SimContest, step: SimStep): Promise<void> {
  const input: ContestInput = {
    r: {
      where: `simulator contest ${c.id}`,
      stage: c.stage,
      round: c.round,
      roundKnown: true,
      status: step.status,
      kickoffAt: c.kickoffAt,
      timeKnown: true,
    },
    venue: c.venue,
    externalRef: c.externalRef,
    sides: [
      { ...c.sides[0], ...step.scores[0] },
      { ...c.sides[1], ...step.scores[1] },
    ],
  };
  const observedAt = new Date(c.kickoffAt.getTime() + step.minute * 60_000);
  const odds: OddsRecord[] = step.odds.map((o) => ({
    bookmaker: o.bookmaker,
    market: "h2h",
    selection: o.selection as OddsRecord["selection"],
    line: null,
    price: o.price,
    observedAt,
    isClosing: o.isClosing,
    personId:
      o.selection === "home" ? c.sides[0].personId : o.selection === "away" ? c.sides[1].personId : null,
  }));
  await retryBusy(() =>
    db.$transaction(
      async (tx) => {
        await upsertContests(tx, c.editionId, [input]);
        if (odds.length) await upsertOdds(tx, c.competitionId, [{ contestId: c.id, odds }]);
        if (step.kind === "final" && c.sport === "football") await rebuildStandings(tx, c.editionId);
      },
      { timeout: 60_000, maxWait: 30_000 },
    ),
  );
  await bumpDataVersion();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Plays the contests side by side on one simulated clock; returns the contests and steps written. */
export async function simulate(db: Db, opts: SimOptions) {
  const log = opts.log ?? (() => {});
  const contests = await nextContests(db, opts.contests, opts.competition);
  const rng = new Rng(opts.seed);
  const timeline = contests
    .flatMap((c, ci) => planContest(c, rng.fork(`contest:${c.id}`)).map((step, si) => ({ c, ci, si, step })))
    .sort((a, b) => a.step.minute - b.step.minute || a.ci - b.ci || a.si - b.si);
  log(
    `simulating ${contests.length} contest(s) at ${opts.speed}x: ${timeline.length} steps, ${contests.map((c) => c.id).join(", ") || "none scheduled"}`,
  );
  let clock = timeline[0]?.step.minute ?? 0;
  for (const { c, step } of timeline) {
    if (step.minute > clock) await sleep(((step.minute - clock) * 60_000) / opts.speed);
    clock = step.minute;
    await writeStep(db, c, step);
    const score = step.scores.map((s) => s.score ?? "-").join("-");
    log(`  ${String(step.minute).padStart(4)}' contest ${c.id} ${step.kind} ${step.status} ${score}`);
  }
  return { contests: contests.map((c) => c.id), steps: timeline.length };
}
