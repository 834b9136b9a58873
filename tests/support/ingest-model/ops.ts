/**
 * One writer's operations: each builds its request from the model, sends it, checks the answer
 * against what the model predicts and applies it to the model (with the changes it must record).
 */
import { expect } from "vitest";
import {
  applyState,
  contestDetail,
  NEXT,
  stateChanges,
  type MContest,
  type MWriter,
  type Pair,
  type Status,
} from "./model";
import { send, type Answer, type World } from "./world";

export type Op =
  | { k: "contest"; c: number; home: number; away: number; league: boolean; round: number; shift: number }
  | { k: "state"; c: number; status: Status | null; score: Pair | null; half: boolean; periods: number }
  | {
      k: "event";
      c: number;
      e: number;
      type: number;
      minute: number;
      home: boolean;
      person: number;
      old: boolean;
    }
  | { k: "delete"; c: number; e: number }
  | { k: "team"; t: number; name: number }
  | { k: "alias"; t: number }
  | { k: "namesake"; p: number }
  | { k: "stale"; c: number; score: Pair }
  | { k: "bad"; c: number; variant: number };

/** How the request is delivered: once, retried with its key (on either instance, or both at once), or again with a fresh key. */
export type Delivery = "once" | "retry" | "retryOther" | "twins" | "freshKey" | "reuseKey";

export interface Ctx {
  world: World;
  writer: MWriter;
  /** 0 or 1: the writer's key and home instance */
  n: number;
  /** The feed clock (ms): every accepted write is stamped later than the one before. */
  clock: { now: number };
  /** Idempotency-Key numbering and the requests sent. */
  seq: { n: number; requests: number };
}

export const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

interface Request {
  method: string;
  path: string;
  body: Record<string, unknown> | string | undefined;
  contentType?: string;
  noKey?: boolean;
}

/** Sends the request as `delivery` says; returns the first answer (the others are checked to equal it when they must). */
export async function deliver(ctx: Ctx, req: Request, delivery: Delivery): Promise<Answer> {
  const { world, n } = ctx;
  const key = `m${ctx.seq.n++}-${Date.now().toString(36)}`;
  const body = typeof req.body === "string" ? req.body : req.body && JSON.stringify(req.body);
  // A 503 (the database busy past its timeout on a loaded machine) asks for a retry with back-off.
  const go = async (i: number, idem: string | null, b = body) => {
    for (let attempt = 0; ; attempt++) {
      const a = await once(i, idem, b);
      if (a.status !== 503 || attempt === 5) return a;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  };
  const once = (i: number, idem: string | null, b = body) => {
    ctx.seq.requests++;
    return send(
      world.apps[i].baseUrl,
      world.ingestKeys[n],
      req.method,
      `/ingest/v1${req.path}`,
      b,
      idem,
      req.contentType,
    );
  };
  const idem = req.noKey ? null : key;
  if (delivery === "twins") {
    const [a, b] = await Promise.all([go(n, idem), go(1 - n, idem)]);
    expect([b.status, b.json], `twin of ${req.method} ${req.path}`).toEqual([a.status, a.json]);
    return a;
  }
  const first = await go(n, idem);
  if (delivery === "retry" || delivery === "retryOther") {
    const again = await go(delivery === "retry" ? n : 1 - n, idem);
    expect([again.status, again.json], `retry of ${req.method} ${req.path}`).toEqual([
      first.status,
      first.json,
    ]);
    if (first.status < 300 && idem) expect(again.replayed).toBe(true);
  }
  if (delivery === "freshKey" && first.status < 300) {
    // The same write again under a new key: accepted, and nothing changes.
    const again = await go(n, `${key}-again`);
    expect(again.status, again.text).toBe(200);
    expect(again.json.data, again.text).toMatchObject({ changed: false });
  }
  if (delivery === "reuseKey" && first.status < 300 && idem && body) {
    // The same key with another body (one millisecond later): a conflict, never a second write.
    const parsed = JSON.parse(body) as { feed_at: string };
    const later = new Date(Date.parse(parsed.feed_at) + 1).toISOString();
    const other = await go(1 - n, idem, JSON.stringify({ ...parsed, feed_at: later }));
    expect(other.status, other.text).toBe(409);
  }
  return first;
}

/** The answer's data after checking the status. */
export function ok(a: Answer, status: number | number[], what: string): Record<string, unknown> {
  expect(Array.isArray(status) ? status : [status], `${what}: ${a.text}`).toContain(a.status);
  return a.json?.data ?? {};
}

/** A 4xx with the error envelope; `field`, when given, is named in the message. */
export function refused(a: Answer, statuses: number[], what: string, field?: string): void {
  expect(statuses, `${what}: ${a.status} ${a.text}`).toContain(a.status);
  expect(a.json?.error?.code, `${what}: ${a.text}`).toEqual(expect.any(String));
  if (field) expect(a.json.error.message, what).toContain(field);
}

const sideBody = (w: MWriter, t: number) => ({ team: w.teams[t].ext });

/** Runs a contest, state or older-state operation of the writer. */
export async function runContestOp(
  ctx: Ctx,
  op: Extract<Op, { k: "contest" | "state" | "stale" }>,
  delivery: Delivery,
  at: number,
): Promise<void> {
  const w = ctx.writer;
  const S = `/${w.source}`;
  const c = w.contests.get(op.c);
  switch (op.k) {
    case "contest": {
      const home = c ? c.home : op.home;
      const away = c ? c.away : op.away === op.home ? (op.home + 1) % w.teams.length : op.away;
      const stage = c ? c.stage : op.league ? "Regular Season" : "Knockout";
      const base = Date.UTC(2026, 0, 1) + op.c * 7 * DAY;
      const kickoff = base + op.shift * 3_600_000;
      const body = {
        edition: "ed",
        home: sideBody(w, home),
        away: sideBody(w, away),
        kickoff_at: iso(kickoff),
        round: `Round ${op.round}`,
        stage,
        venue: `Ground ${op.round % 2}`,
        feed_at: iso(at),
      };
      const a = await deliver(ctx, { method: "PUT", path: `${S}/contests/c${op.c}`, body }, delivery);
      if (!c) {
        const d = ok(a, 201, "new contest");
        expect(d).toMatchObject({ created: true, changed: true, ignored: false });
        const made: MContest = {
          ext: `c${op.c}`,
          id: String(d.id),
          home,
          away,
          stage,
          round: body.round,
          venue: body.venue,
          kickoff,
          gate: at,
          status: "scheduled",
          score: null,
          halftime: null,
          fullTime: null,
          extraTime: null,
          penalties: null,
          stateGate: null,
          events: new Map(),
        };
        w.contests.set(op.c, made);
        w.changes.push(`contest.created ${made.id} ${contestDetail(made)}`);
      } else {
        const moved = Math.abs(kickoff - c.kickoff) >= 2 * 3_600_000;
        const changed = moved || c.round !== body.round || c.venue !== body.venue;
        const d = ok(a, 200, "contest update");
        expect(d).toMatchObject({ id: c.id, created: false, changed, ignored: false });
        if (moved) c.kickoff = kickoff;
        c.round = body.round;
        c.venue = body.venue;
        if (changed) w.changes.push(`contest.updated ${c.id} ${contestDetail(c)}`);
      }
      w.dirty.add(op.c);
      return;
    }
    case "state": {
      const body = stateBody(op, at);
      const a = await deliver(ctx, { method: "POST", path: `${S}/contests/c${op.c}/state`, body }, delivery);
      if (!c) return refused(a, [404], "state of an unknown contest");
      const to = op.status ?? c.status;
      if (to !== c.status && !NEXT[c.status].includes(to)) return refused(a, [409], `${c.status} -> ${to}`);
      const after = applyState(c, bodyPairs(body));
      const changes = stateChanges(c, after);
      // A correction of a finished contest re-derives everything, or is refused whole with a 409.
      if (c.status === "finished" && changes.length && a.status === 409)
        return refused(a, [409], "correction");
      const d = ok(a, 200, "state");
      expect(d, JSON.stringify(body)).toMatchObject({
        id: c.id,
        changed: changes.length > 0,
        ignored: false,
        status: to,
      });
      Object.assign(c, after, { stateGate: at });
      w.changes.push(...changes);
      w.dirty.add(op.c);
      return;
    }
    case "stale": {
      if (!c || c.stateGate === null) return;
      const body = { score: { home: op.score[0], away: op.score[1] }, feed_at: iso(c.stateGate - 60_000) };
      const a = await deliver(ctx, { method: "POST", path: `${S}/contests/c${op.c}/state`, body }, delivery);
      const d = ok(a, 200, "older state");
      expect(d).toMatchObject({ id: c.id, changed: false, ignored: true, status: c.status });
      // An older write of a stored event: ignored, answered with the event's id and revision.
      const [e, ev] = [...c.events.entries()][0] ?? [];
      if (!ev) return;
      const older = { type: ev.type, minute: ev.minute, side: ev.side, feed_at: iso(ev.gate - 60_000) };
      const path = `${S}/contests/c${op.c}/events/c${op.c}${e}`;
      const b = ok(await deliver(ctx, { method: "PUT", path, body: older }, delivery), 200, "older event");
      expect(b).toMatchObject({ id: ev.id, revision: ev.revision, changed: false, ignored: true });
      return;
    }
  }
}

function stateBody(op: Extract<Op, { k: "state" }>, at: number): Record<string, unknown> {
  const body: Record<string, unknown> = { feed_at: iso(at) };
  if (op.status) body.status = op.status;
  let score = op.score;
  if (op.status === "finished" && op.periods > 0 && score) {
    if (op.periods === 3) score = [score[0], score[0]];
    const level = Math.min(score[0], score[1]);
    const periods: Record<string, unknown> = {};
    if (op.periods === 1) periods.full_time = { home: score[0], away: score[1] };
    else {
      periods.full_time = { home: level, away: level };
      periods.extra_time = { home: score[0], away: score[1] };
    }
    if (op.periods === 3) periods.penalties = { home: 4, away: 3 + (score[0] % 3 === 0 ? 2 : 0) };
    body.periods = periods;
  }
  if (score) body.score = { home: score[0], away: score[1] };
  if (op.half && score) {
    const periods = (body.periods ?? {}) as Record<string, unknown>;
    periods.halftime = { home: Math.min(score[0], 1), away: Math.min(score[1], 1) };
    body.periods = periods;
  }
  return body;
}

type PairBody = { home: number; away: number } | undefined;
const toPair = (p: PairBody): Pair | undefined => (p ? [p.home, p.away] : undefined);

function bodyPairs(b: Record<string, unknown>) {
  const p = (b.periods ?? {}) as Record<string, PairBody>;
  return {
    status: b.status as Status | undefined,
    score: toPair(b.score as PairBody),
    halftime: toPair(p.halftime),
    fullTime: toPair(p.full_time),
    extraTime: toPair(p.extra_time),
    penalties: toPair(p.penalties),
  };
}
