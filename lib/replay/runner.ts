/**
 * Runs sandbox replays in this process: each step is written when due as change-feed rows that
 * carry the account and the replay id (lib/events/changes.ts), so only that account's streams and
 * webhook endpoints read them (lib/events/feed.ts), then the change notifier wakes the streams of
 * every instance (in-process, Redis pub/sub, or their head poll). The real contest is never
 * written and no response cache is dropped (no bumpDataVersion: /v1 data did not change).
 *
 * The schedule lives in memory: a replay ends with the instance that started it (shutdown marks
 * it `interrupted`). A cancel on any instance sets the row's status; the runner reads it before
 * each step.
 */
import type { Db } from "../platform/db";
import { retryBusy } from "../platform/db/busy-retry";
import { recordChanges } from "../events/changes";
import { notifyChanges } from "../events/notify";
import { logError } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { envInt } from "../platform/config";
import type { ChangeInput } from "../events/types";
import type { ReplayStep } from "./plan";
import { addEmitted, endRunningReplays, replayStatus } from "./store";

export const replayConfig = {
  maxRunning: envInt("REPLAY_MAX_RUNNING"),
  maxDurationS: envInt("REPLAY_MAX_DURATION_S"),
  minuteMs: envInt("REPLAY_MINUTE_MS"),
};

/** Wall-clock milliseconds after the start at which a step at match minute `at` is due. */
export const dueAfterMs = (at: number, speed: number) => Math.round((at * replayConfig.minuteMs) / speed);

interface Running {
  stop: () => void;
  done: Promise<void>;
}

const running = perProcess("replayRunners", () => new Map<string, Running>());

export interface ReplayRun {
  id: string;
  accountId: string;
  speed: number;
  startedAt: number;
  steps: ReplayStep[];
}

/** Starts the replay's schedule in the background; resolves when it ended (any way). */
export function runReplay(db: Db, run: ReplayRun): Promise<void> {
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    wake?.();
  };
  const sleepUntil = (due: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, Math.max(0, due - Date.now()));
    });
  const emit = async (changes: ChangeInput[]) => {
    const tagged = changes.map((c) => ({ ...c, replay: { accountId: run.accountId, id: run.id } }));
    await retryBusy(() =>
      db.$transaction(async (tx) => {
        await recordChanges(tx, tagged);
        await addEmitted(tx, run.id, tagged.length);
      }),
    );
    await notifyChanges(db);
  };
  // The contest as the client last saw it; a stopped replay ends with it, status "cancelled", so a
  // client waiting for the end of the contest is told instead of waiting for ever.
  let last: ChangeInput | null = null;
  const ended = async () => {
    if (last)
      await emit([
        { ...last, type: "contest.status", data: { ...last.data, status: "cancelled", period: null } },
      ]);
  };
  const go = async () => {
    for (const step of run.steps) {
      await sleepUntil(run.startedAt + dueAfterMs(step.at, run.speed));
      if (stopped || (await replayStatus(db, run.id)) !== "running") return ended();
      await emit(step.changes);
      last = step.changes.findLast((c) => "participants" in c.data) ?? last;
    }
    await endRunningReplays(db, [run.id], "finished");
  };
  const done = go()
    .catch(async (err: unknown) => {
      logError("replay stopped by an error", err, { replayId: run.id });
      await endRunningReplays(db, [run.id], "interrupted").catch(() => undefined);
    })
    .finally(() => running.delete(run.id));
  running.set(run.id, { stop, done });
  return done;
}

/**
 * Stops this process's runner of a replay (after its row was set cancelled); resolves once its
 * last change (the contest "cancelled") is written.
 */
export async function stopReplay(id: string): Promise<void> {
  const r = running.get(id);
  r?.stop();
  await r?.done;
}

/** Shutdown: stops every runner of this process and marks its replays interrupted. */
export async function interruptReplays(db: Db): Promise<number> {
  const ids = [...running.keys()];
  await Promise.all(ids.map((id) => stopReplay(id)));
  if (!ids.length) return 0;
  return endRunningReplays(db, ids, "interrupted");
}

export const runningReplays = () => running.size;
