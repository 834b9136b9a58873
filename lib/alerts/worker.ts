import type { Db } from "../platform/db";
import { envInt } from "../platform/config";
import { logError } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { raiseKeyAlerts } from "./key-conditions";
import { sendPendingAlertMail } from "./mail";

/**
 * The alert sweep of a serving process: every ALERT_SWEEP_MS (60 s) it raises the key-expiry
 * alerts and sends emails a crashed instance left pending. Every instance may sweep: the alerts'
 * unique condition key and the email claim make a second sweep a no-op.
 */
const state = perProcess("alertSweep", () => ({ timer: null as NodeJS.Timeout | null, running: false }));

export async function sweepAlerts(db: Db, now = new Date()): Promise<{ raised: number; mailed: number }> {
  const raised = await raiseKeyAlerts(db, now);
  const mailed = await sendPendingAlertMail(db, now);
  return { raised, mailed };
}

export function startAlertSweep(db: Db): void {
  if (state.timer) return;
  const tick = () => {
    if (state.running) return;
    state.running = true;
    sweepAlerts(db)
      .catch((err) => logError("alert sweep failed; retried on the next one", err))
      .finally(() => (state.running = false));
  };
  state.timer = setInterval(tick, envInt("ALERT_SWEEP_MS"));
  state.timer.unref();
  setTimeout(tick, 5_000).unref();
}

export function stopAlertSweep(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}
