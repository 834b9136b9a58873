import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Db } from "../platform/db";
import { logError, logInfo } from "../platform/log";
import { onChanges } from "../events/notify";
import { perProcess } from "../platform/process-state";
import { webhookConfig } from "./config";
import { fanOut } from "./outbox";
import { sendDue } from "./sender";

/**
 * The webhook worker of a serving process: every WEBHOOK_POLL_MS it turns new changes into
 * deliveries and sends the due ones. Polling the database keeps the change feed the only source of
 * truth; the new-changes notifier (lib/events/notify.ts: after-commit signal, Redis pub/sub, head
 * poll) wakes a round at once, so a delivery does not wait for the next poll.
 */
const state = perProcess("webhookWorker", () => ({
  db: null as Db | null,
  timer: null as NodeJS.Timeout | null,
  current: null as Promise<void> | null,
  again: false,
  unsubscribe: null as (() => void) | null,
  owner: `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`,
}));

function schedule() {
  if (!state.db) return;
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void round(), webhookConfig.pollMs());
  state.timer.unref();
}

async function round(): Promise<void> {
  const db = state.db;
  if (!db) return;
  if (state.current) {
    state.again = true;
    return state.current;
  }
  state.current = (async () => {
    try {
      await fanOut(db);
      await sendDue(db, state.owner);
    } catch (err) {
      logError("webhook round failed; retried on the next poll", err);
    }
  })();
  await state.current;
  state.current = null;
  if (state.again && state.db) {
    state.again = false;
    return round();
  }
  schedule();
}

/** Starts the worker unless WEBHOOKS=off; returns whether it runs. */
export function startWebhooks(db: Db): boolean {
  if (!webhookConfig.enabled() || state.db) return Boolean(state.db);
  state.db = db;
  logInfo("webhook worker started", { pollMs: webhookConfig.pollMs(), owner: state.owner });
  state.unsubscribe = onChanges(db, () => wakeWebhooks());
  void round();
  return true;
}

/** Runs a fan-out and send round now instead of at the next poll (no-op when the worker is off). */
export function wakeWebhooks(): void {
  if (state.db) void round();
}

/** Stops polling and waits for the round in flight (its sends finish; leases of unsent rows expire). */
export async function stopWebhooks(): Promise<void> {
  state.db = null;
  state.unsubscribe?.();
  state.unsubscribe = null;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  await state.current;
}
