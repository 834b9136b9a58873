/**
 * `npm run simulate`: plays the next scheduled contests forward in accelerated time as a client of
 * the ingest API (/ingest/v1, over HTTP), so every step lands in /v1, the change feed, the live
 * stream and webhooks exactly as a live feed's writes do. It reads the fixtures from the database
 * and writes nothing there itself.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../platform/db/client";
import { Rng } from "../seed/rng";
import { planContest, type SimContest, type SimScore, type SimStep } from "./plan";
import { latestH2hPrices, scheduledContests } from "./store";

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
  const rows = await scheduledContests(db, n, competition);
  const out: SimContest[] = [];
  for (const c of rows) {
    const home = c.participants.find((p) => p.side === "home");
    const away = c.participants.find((p) => p.side === "away");
    if (!home || !away) continue;
    const prices = new Map<string, Map<string, number>>();
    const points = await latestH2hPrices(db, c.id);
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

/** Where the simulator posts: an /ingest/v1 server and an ingest-scoped key. */
export interface IngestTarget {
  baseUrl: string;
  key: string;
}

/** The live clock a football feed reports with each state (the final whistle sets "finished"). */
function footballClock(step: SimStep): { period?: string; minute: number } {
  const minute = Math.min(step.minute, 90);
  if (step.kind === "final") return { minute: 90 };
  if (step.kind === "halftime") return { period: "half_time", minute: 45 };
  return { period: step.minute > 45 ? "second_half" : "first_half", minute };
}

async function post(target: IngestTarget, path: string, idem: string, body: string, ndjson = false) {
  const res = await fetch(`${target.baseUrl}/ingest/v1/statline${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${target.key}`,
      "Idempotency-Key": idem,
      "Content-Type": ndjson ? "application/x-ndjson" : "application/json",
    },
    body,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status >= 300)
    throw new Error(`POST /ingest/v1/statline${path}: ${res.status} ${text.slice(0, 300)}`);
}

const pair = (s: [SimScore, SimScore], f: "score" | "halftimeScore") =>
  s[0][f] === null || s[1][f] === null ? undefined : { home: s[0][f], away: s[1][f] };

/**
 * Posts one step to the ingest API, addressing the contest by Statline's id (the reserved source
 * `statline`): its state (status, score, half time, set detail) and then its new prices, as a feed
 * would. The ingest pipeline writes each in one transaction with its changes and wakes streams.
 */
export async function writeStep(
  target: IngestTarget,
  c: SimContest,
  step: SimStep,
  idem: string,
): Promise<void> {
  // The match's clock, but never ahead of the server's: a fixture played before its kick-off
  // date would be a future feed_at, which ingest refuses. Both clocks only grow, so their minimum does.
  const feedAt = new Date(Math.min(Date.now(), c.kickoffAt.getTime() + step.minute * 60_000)).toISOString();
  if (step.kind !== "odds") {
    const halftime = pair(step.scores, "halftimeScore");
    const detail = step.scores[0].scoreDetail;
    const state = {
      status: step.status,
      score: pair(step.scores, "score"),
      ...(c.sport === "football" ? footballClock(step) : {}),
      ...(halftime ? { periods: { halftime } } : {}),
      ...(detail !== null ? { score_detail: { home: detail, away: step.scores[1].scoreDetail ?? "" } } : {}),
      feed_at: feedAt,
    };
    await post(target, `/contests/${c.id}/state`, `${idem}-state`, JSON.stringify(state));
  }
  if (!step.odds.length) return;
  const lines = step.odds.map((o) =>
    JSON.stringify({
      contest: String(c.id),
      bookmaker: o.bookmaker,
      market: "h2h",
      selection: o.selection,
      price: o.price,
      observed_at: feedAt,
      is_closing: o.isClosing,
    }),
  );
  await post(target, "/odds", `${idem}-odds`, lines.join("\n"), true);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Plays the contests side by side on one simulated clock; returns the contests and steps written. */
export async function simulate(db: Db, target: IngestTarget, opts: SimOptions) {
  const run = randomBytes(6).toString("hex");
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
  for (const { c, si, step } of timeline) {
    if (step.minute > clock) await sleep(((step.minute - clock) * 60_000) / opts.speed);
    clock = step.minute;
    await writeStep(target, c, step, `sim-${run}-${c.id}-${si}`);
    const score = step.scores.map((s) => s.score ?? "-").join("-");
    log(`  ${String(step.minute).padStart(4)}' contest ${c.id} ${step.kind} ${step.status} ${score}`);
  }
  return { contests: contests.map((c) => c.id), steps: timeline.length };
}
