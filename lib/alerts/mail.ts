import type { Db } from "../db";
import { envStrOpt } from "../config";
import { sendMail } from "../mail";

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
  const claimed = await db.alert.updateMany({
    where: { id: alertId, emailState: "pending" },
    data: { emailState: "sending", emailedAt: new Date() },
  });
  if (!claimed.count) return "skipped";
  const alert = await db.alert.findUniqueOrThrow({ where: { id: alertId } });
  const users = await db.user.findMany({
    where: { accountId: alert.accountId },
    select: { email: true },
    orderBy: { createdAt: "asc" },
    take: MAX_RECIPIENTS,
  });
  let result: "sent" | "logged" | "failed" = "sent";
  for (const u of users) {
    const r = await sendMail({
      to: u.email,
      subject: `Statline: ${alert.title}`,
      text: `${alert.message}\n\nSee every alert and choose how you are told: ${dashboardUrl()}\n`,
    });
    if (r !== "sent") result = r;
  }
  await db.alert.update({ where: { id: alertId }, data: { emailState: result, emailedAt: new Date() } });
  return result;
}

/** Emails left pending (raiser died before claiming) or stuck in `sending`: one bounded batch per sweep. */
export async function sendPendingAlertMail(db: Db, now = new Date(), limit = 50): Promise<number> {
  await db.alert.updateMany({
    where: { emailState: "sending", emailedAt: { lt: new Date(now.getTime() - STALE_SENDING_MS) } },
    data: { emailState: "pending" },
  });
  const due = await db.alert.findMany({
    where: { emailState: "pending", createdAt: { lt: new Date(now.getTime() - 30_000) } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let n = 0;
  for (const a of due) if ((await sendAlertMail(db, a.id)) !== "skipped") n++;
  return n;
}
