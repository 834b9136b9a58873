import { recordAudit, type AuditContext } from "../audit/store";
import { accountFlags, touchAccountKeys, updateAccount } from "./store/accounts";
import type { Db } from "../platform/db";
import { raiseAccountSuspended } from "../alerts/account";
import { announceAccountKeys } from "../keys/service";
import { logWarn } from "../platform/log";
import { perProcess } from "../platform/process-state";

/** Who did it, for the audit log: the operator's user and email, or the CLI. */
export interface OperatorActor extends AuditContext {
  userId: string | null;
  /** The operator's email ("admin-cli" from the CLI), written into the audit detail. */
  name: string;
}

export const SUSPEND_REASON_MAX = 500;

export interface SuspensionEvent {
  accountId: string;
  reason: string;
  at: Date;
  actor: OperatorActor;
}

/**
 * Listeners told after a suspension committed (an alert, an email). One set per process
 * (lib/platform/process-state.ts). A listener's failure is logged and never undoes the suspension.
 */
const listeners = perProcess("accountSuspendedListeners", () => new Set<(e: SuspensionEvent) => unknown>());
export function onAccountSuspended(listener: (e: SuspensionEvent) => unknown): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type SuspensionResult = { ok: true; changed: boolean } | { ok: false; reason: "not_found" };

async function setSuspension(
  db: Db,
  accountId: string,
  suspension: { at: Date; reason: string } | null,
  actor: OperatorActor,
): Promise<SuspensionResult> {
  const account = await accountFlags(db, accountId);
  if (!account) return { ok: false, reason: "not_found" };
  const unchanged = suspension
    ? account.suspendedAt !== null && account.suspendedReason === suspension.reason
    : account.suspendedAt === null;
  if (unchanged) return { ok: true, changed: false };
  const now = new Date();
  await db.$transaction(async (tx) => {
    await updateAccount(tx, accountId, {
      suspendedAt: suspension?.at ?? null,
      suspendedReason: suspension?.reason ?? null,
    });
    await touchAccountKeys(tx, accountId, now);
    await recordAudit(tx, {
      accountId,
      actorUserId: actor.userId,
      action: suspension ? "account.suspended" : "account.reinstated",
      targetType: "account",
      targetId: accountId,
      detail: suspension ? `by ${actor.name}: ${suspension.reason}` : `by ${actor.name}`,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
  // Announced like a revocation (changedAt above, then pub/sub and this process's cache), so each
  // instance reloads the key rows, which now carry the suspension, within the revocation bound.
  await announceAccountKeys(db, accountId);
  return { ok: true, changed: true };
}

/** Suspends an account: its keys answer 401 "Invalid API key" on every instance, its dashboard says why. */
export async function suspendAccount(
  db: Db,
  accountId: string,
  reason: string,
  actor: OperatorActor,
): Promise<SuspensionResult> {
  const at = new Date();
  const clean = reason.trim().slice(0, SUSPEND_REASON_MAX);
  const result = await setSuspension(db, accountId, { at, reason: clean }, actor);
  if (result.ok && result.changed) {
    // The account.suspended alert (notification, email, signed webhook), once per suspension,
    // from whichever process suspended it (console or operator CLI).
    await raiseAccountSuspended(db, accountId, clean, at).catch((err: unknown) =>
      logWarn("account.suspended alert failed", { accountId, reason: (err as Error).message }),
    );
    for (const listener of listeners) {
      try {
        await listener({ accountId, reason: clean, at, actor });
      } catch (err) {
        logWarn("account-suspended listener failed", { accountId, reason: (err as Error).message });
      }
    }
  }
  return result;
}

/** Lifts a suspension: the keys work again within the same bound. */
export function reinstateAccount(db: Db, accountId: string, actor: OperatorActor): Promise<SuspensionResult> {
  return setSuspension(db, accountId, null, actor);
}

/** An account's standing for the dashboard's banner (operator rights are the person's: isOperator). */
export async function accountStanding(db: Db, accountId: string) {
  const row = await accountFlags(db, accountId);
  return row && { suspendedAt: row.suspendedAt, suspendedReason: row.suspendedReason };
}
