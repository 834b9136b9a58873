import type { Db } from "../platform/db";
import { raiseAlert } from "./raise";

/**
 * The `account.suspended` alert, once per suspension (its time is in the condition key), for the
 * operator console's suspend action to call after it committed. Returns null when already raised.
 */
export function raiseAccountSuspended(db: Db, accountId: string, reason: string, suspendedAt = new Date()) {
  const why = reason.trim().slice(0, 500) || "no reason given";
  return raiseAlert(db, {
    accountId,
    type: "account.suspended",
    dedupeKey: `account.suspended:${accountId}:${suspendedAt.getTime()}`,
    title: "Your Statline account was suspended",
    message: `An operator suspended this account (${why}). Its API keys are refused with 401 "Invalid API key" until it is reinstated. Contact the operator of this Statline server to resolve it.`,
    data: { reason: why, suspended_at: suspendedAt.toISOString() },
  });
}
