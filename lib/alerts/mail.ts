import type { Db } from "../platform/db";
import { envStrOpt } from "../platform/config";
import { accountUserEmails } from "../accounts/store";
import { sendMail } from "../mail";
import * as store from "./store";

/** A claimed email not marked sent after this long (the instance died mid-send) is tried again. */
const STALE_SENDING_MS = 10 * 60_000;
/** Recipients per account: its users (a handful); bounded all the same. */
const MAX_RECIPIENTS = 20;

function dashboardUrl(): string {
  return `${(envStrOpt("NEXTAUTH_URL") ?? "http://localhost:3000").replace(/\/+$/, "")}/dashboard/alerts`;
}

/**
 * Sends one alert's email to the account's users, once: the conditional update from `pending`
 * to `sending` is the claim, so two instances (the raiser and a sweep) never both send it.
 */
export async function sendAlertMail(
  db: Db,
  alertId: string,
): Promise<"sent" | "logged" | "failed" | "skipped"> {
  if (!(await store.claimEmail(db, alertId, new Date()))) return "skipped";
  const alert = await store.alertById(db, alertId);
  const emails = await accountUserEmails(db, alert.accountId, MAX_RECIPIENTS);
  let result: "sent" | "logged" | "failed" = "sent";
  for (const email of emails) {
    const r = await sendMail({
      to: email,
      subject: `Statline: ${alert.title}`,
      text: `${alert.message}\n\nSee every alert and choose how you are told: ${dashboardUrl()}\n`,
    });
    if (r !== "sent") result = r;
  }
  await store.setEmailState(db, alertId, result, new Date());
  return result;
}

/** Emails left pending (raiser died before claiming) or stuck in `sending`: one bounded batch per sweep. */
export async function sendPendingAlertMail(db: Db, now = new Date(), limit = 50): Promise<number> {
  await store.releaseStaleClaims(db, new Date(now.getTime() - STALE_SENDING_MS));
  const due = await store.pendingEmails(db, new Date(now.getTime() - 30_000), limit);
  let n = 0;
  for (const id of due) if ((await sendAlertMail(db, id)) !== "skipped") n++;
  return n;
}
