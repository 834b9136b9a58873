/**
 * Sandbox replays of one account (docs/replay.md): start (bounded by REPLAY_MAX_RUNNING at once
 * and REPLAY_MAX_DURATION_S each), list, read and cancel. The rows are shared by every instance;
 * the schedule runs in the instance that started it (lib/replay/runner.ts).
 */
import { randomBytes } from "node:crypto";
import { ApiError, notFound, type Result } from "../platform/errors";
import type { Db } from "../platform/db";
import { retryBusy } from "../platform/db/busy-retry";
import type { Caller } from "../keys/caller";
import { changeCount, replayPlan } from "./plan";
import { dueAfterMs, replayConfig, runReplay, stopReplay } from "./runner";
import {
  countRunningReplays,
  createReplay,
  endRunningReplays,
  findReplay,
  listAccountReplays,
  lockAccountRow,
  type ReplayRow as Row,
} from "./store";

/** A running replay whose end passed this long ago lost its instance: shown as interrupted. */
const LOST_AFTER_MS = 60_000;
const LIST_LIMIT = 50;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const newId = () => `rpl_${[...randomBytes(22)].map((b) => BASE62[b % 62]).join("")}`;

/** A replay as the sandbox API answers it. */
export function replayView(r: Row, now = Date.now()) {
  const lost = r.status === "running" && r.endsAt.getTime() + LOST_AFTER_MS < now;
  return {
    id: r.id,
    contest_id: String(r.contestId),
    speed: r.speed,
    status: lost ? "interrupted" : r.status,
    total: r.total,
    emitted: r.emitted,
    created_at: r.createdAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    ended_at: r.endedAt?.toISOString() ?? null,
  };
}

type NewReplay = Omit<Row, "emitted" | "createdAt" | "endedAt">;

/**
 * Stores a running replay unless its account already runs `maxRunning`. The no-op UPDATE of the
 * account row first makes count-then-insert atomic across instances: on PostgreSQL a second
 * start for the account waits on the row lock and then counts the first one's row (READ COMMITTED
 * takes a new snapshot per statement); on SQLite it takes the write lock before counting.
 */
export async function insertReplay(
  db: Db,
  data: NewReplay,
  maxRunning: number,
  now = Date.now(),
): Promise<Result<Row, "RATE_LIMITED">> {
  return retryBusy(() =>
    db.$transaction(async (tx) => {
      await lockAccountRow(tx, data.accountId);
      const running = await countRunningReplays(tx, data.accountId, new Date(now - LOST_AFTER_MS));
      if (running < maxRunning) return { ok: true as const, value: await createReplay(tx, data) };
      return {
        ok: false as const,
        code: "RATE_LIMITED" as const,
        message: `This account already runs ${running} replays, the most it may run at once (${maxRunning}); cancel one with DELETE /sandbox/v1/replays/{id} or wait for one to end`,
      };
    }),
  );
}

/** Starts a replay of a finished contest for the caller's account: 201 with the replay. */
export async function startReplay(db: Db, caller: Caller, contestId: number, speed: number) {
  const steps = await replayPlan(db, contestId);
  const lastMs = dueAfterMs(steps[steps.length - 1].at, speed);
  if (lastMs > replayConfig.maxDurationS * 1000) {
    const least = Math.ceil(dueAfterMs(steps[steps.length - 1].at, 1) / (replayConfig.maxDurationS * 1000));
    throw new ApiError(
      "INVALID_PARAMETER",
      `Invalid field '/speed': at x${speed} this replay lasts ${Math.ceil(lastMs / 60_000)} min, above the ${Math.floor(replayConfig.maxDurationS / 60)} min a replay may last; use speed ${least} or more`,
    );
  }
  const now = Date.now();
  const claimed = await insertReplay(
    db,
    {
      id: newId(),
      accountId: caller.accountId,
      keyId: caller.keyId,
      contestId,
      speed,
      status: "running",
      total: changeCount(steps),
      endsAt: new Date(now + lastMs),
    },
    replayConfig.maxRunning,
    now,
  );
  if (!claimed.ok) throw new ApiError(claimed.code, claimed.message, { "Retry-After": "60" });
  const row = claimed.value;
  void runReplay(db, { id: row.id, accountId: caller.accountId, speed, startedAt: now, steps });
  return replayView(row, now);
}

/** The account's latest replays, newest first. */
export async function listReplays(db: Db, accountId: string) {
  const rows = await listAccountReplays(db, accountId, LIST_LIMIT);
  const now = Date.now();
  return { items: rows.map((r) => replayView(r, now)) };
}

async function own(db: Db, accountId: string, id: string): Promise<Row> {
  const row = id.length <= 40 ? await findReplay(db, id) : null;
  // Another account's replay is as unknown as a missing one.
  if (!row || row.accountId !== accountId) throw notFound(`Replay ${id}`);
  return row;
}

export async function getReplay(db: Db, accountId: string, id: string) {
  return replayView(await own(db, accountId, id));
}

/**
 * Cancels a running replay: its last change is the contest with status "cancelled", written
 * before this answers; an ended one is answered as it is.
 */
export async function cancelReplay(db: Db, accountId: string, id: string) {
  const row = await own(db, accountId, id);
  if (row.status !== "running") return replayView(row);
  await endRunningReplays(db, [id], "cancelled");
  await stopReplay(id);
  return replayView(await own(db, accountId, id));
}
