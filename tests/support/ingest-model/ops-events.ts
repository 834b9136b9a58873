/** The writer's event, team and refused operations (see ops.ts). */
import { expect } from "vitest";
import type { MEvent } from "./model";
import { deliver, iso, ok, refused, type Ctx, type Delivery, type Op } from "./ops";

const TYPES = ["goal", "yellow_card", "red_card", "substitution"];
/** A feed_at two years back: accepted for a thing never written before, and it must not disturb the feed. */
const LONG_AGO = Date.UTC(2024, 6, 14, 19, 0);

export async function runEventOp(
  ctx: Ctx,
  op: Extract<Op, { k: "event" | "delete" }>,
  delivery: Delivery,
  at: number,
): Promise<void> {
  const w = ctx.writer;
  const c = w.contests.get(op.c);
  // A source's event ids are its own across its contests: one id names one event.
  const path = `/${w.source}/contests/c${op.c}/events/c${op.c}e${op.e}`;
  const have = c?.events.get(`e${op.e}`);
  if (op.k === "delete") {
    const a = await deliver(ctx, { method: "DELETE", path, body: { feed_at: iso(at) } }, delivery);
    if (!c) return refused(a, [404], "delete in an unknown contest");
    const d = ok(a, 200, "delete");
    const changed = have !== undefined && !have.deleted;
    expect(d).toMatchObject({ changed, created: false, ignored: false });
    if (!have) return;
    expect(d).toMatchObject({ id: have.id });
    if (changed) {
      have.deleted = true;
      have.revision++;
      w.changes.push(`contest.event ${c.id} ${have.id} r${have.revision} deleted`);
    }
    expect(d.revision).toBe(have.revision);
    have.gate = at;
    w.dirty.add(op.c);
    return;
  }
  // A first write of an event may come stamped long ago (a late feed); a correction is newer.
  const feedAt = !have && op.old ? LONG_AGO : at;
  const want = {
    type: TYPES[op.type],
    minute: op.minute,
    side: op.home ? ("home" as const) : ("away" as const),
    person: op.person < 0 ? null : op.person,
  };
  const body: Record<string, unknown> = {
    type: want.type,
    minute: want.minute,
    side: want.side,
    feed_at: iso(feedAt),
  };
  if (want.person !== null) body.person = w.persons[want.person].ext;
  const a = await deliver(ctx, { method: "PUT", path, body }, delivery);
  if (!c) return refused(a, [404], "event in an unknown contest");
  const same =
    have !== undefined &&
    !have.deleted &&
    have.type === want.type &&
    have.minute === want.minute &&
    have.side === want.side &&
    have.person === want.person;
  const d = ok(a, have ? 200 : 201, "event");
  expect(d).toMatchObject({ created: !have, changed: !same, ignored: false });
  const e: MEvent = have ?? { id: String(d.id), ...want, revision: 0, deleted: false, gate: feedAt };
  if (!same) {
    Object.assign(e, want, { deleted: false, revision: e.revision + 1 });
    w.changes.push(`contest.event ${c.id} ${e.id} r${e.revision} live`);
  }
  e.gate = feedAt;
  c.events.set(`e${op.e}`, e);
  expect(d).toMatchObject({ id: e.id, revision: e.revision });
  w.dirty.add(op.c);
}

export async function runTeamOp(ctx: Ctx, op: Extract<Op, { k: "team" }>, delivery: Delivery, at: number) {
  const t = ctx.writer.teams[op.t];
  const name = `${t.name.replace(/ v\d$/, "")}${op.name ? ` v${op.name}` : ""}`;
  const body = { name, feed_at: iso(at) };
  const a = await deliver(
    ctx,
    { method: "PUT", path: `/${ctx.writer.source}/teams/${t.ext}`, body },
    delivery,
  );
  const d = ok(a, 200, "team update");
  expect(d).toMatchObject({ id: t.id, created: false, changed: name !== t.name, ignored: false });
  t.name = name;
}

/** Requests that must be refused with a 4xx naming why, and change nothing. */
export async function runBadOp(ctx: Ctx, op: Extract<Op, { k: "bad" }>, at: number) {
  const w = ctx.writer;
  const c = w.contests.get(op.c);
  const state = `/${w.source}/contests/c${op.c}/state`;
  // An event id of contest c (any the writer sent), for the case that reuses it in another contest.
  const used = c ? [...c.events.keys()][0] : undefined;
  const cases: Array<[Parameters<typeof deliver>[1], number[], string?]> = [
    [{ method: "POST", path: state, body: { score: { home: 1, away: 0 } } }, [400]],
    [{ method: "POST", path: state, body: { score: { home: -1, away: 0 }, feed_at: iso(at) } }, [400]],
    [{ method: "POST", path: state, body: { scores: { home: 1, away: 0 }, feed_at: iso(at) } }, [400]],
    [{ method: "POST", path: state, body: '{"status":"live",' }, [400]],
    [
      { method: "POST", path: state, body: JSON.stringify({ feed_at: iso(at) }), contentType: "text/plain" },
      [400, 415],
    ],
    [{ method: "POST", path: state, body: { feed_at: iso(at) }, noKey: true }, [400]],
    [
      {
        method: "PUT",
        path: `${state.slice(0, -6)}/events/x`,
        body: { type: "corner", minute: 3, side: "home", feed_at: iso(at) },
      },
      [400],
    ],
    // A feed_at a day ahead of the server's clock.
    [{ method: "POST", path: state, body: { status: "live", feed_at: iso(Date.now() + 86_400_000) } }, [400]],
    [
      {
        method: "PUT",
        path: `/${w.source}/contests/c${op.c}`,
        body: {
          edition: "ed",
          home: { team: "nobody" },
          away: { team: "t0" },
          kickoff_at: iso(at),
          feed_at: iso(at),
        },
      },
      [400],
    ],
    [{ method: "POST", path: `/${w.source}/contests/none${op.c}/state`, body: { feed_at: iso(at) } }, [404]],
    // An event id the source already used in another contest.
    [
      {
        method: "PUT",
        path: `/${w.source}/contests/c${(op.c + 1) % 6}/events/c${op.c}${used}`,
        body: { type: "goal", minute: 1, side: "home", feed_at: iso(at) },
      },
      [409],
    ],
    // One person twice in a lineup.
    [
      {
        method: "PUT",
        path: `/${w.source}/contests/c${op.c}/lineups`,
        body: {
          players: [0, 1].map(() => ({ side: "home", person: "p0", role: "starter" })),
          feed_at: iso(at),
        },
      },
      [400],
      "/players/1/person",
    ],
    // The reserved source names Statline's own contests by number only.
    [
      {
        method: "PUT",
        path: `/statline/contests/m${op.c}x`,
        body: {
          edition: "ed",
          home: { team: "t0" },
          away: { team: "t1" },
          kickoff_at: iso(at),
          feed_at: iso(at),
        },
      },
      [400],
      "external_id",
    ],
  ];
  const [req, statuses, field] = cases[op.variant % cases.length];
  if (op.variant === 10 && !(used && w.contests.has((op.c + 1) % 6))) return;
  const a = await deliver(ctx, req, "once");
  // A bad request about a contest that does not exist yet may be answered 404 first.
  refused(
    a,
    c || op.variant === 0 ? statuses : [...statuses, 404],
    `${req.method} ${req.path} ${JSON.stringify(req.body)}`,
    a.status === 400 ? field : undefined,
  );
}
