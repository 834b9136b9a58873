import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { announceAccountKeys } from "../keys/service";
import { planFor } from "../plans";
import { monthOf } from "../usage/quota";
import * as store from "./store/accounts";
import type { OperatorActor } from "./suspension";

export const ACCOUNTS_PAGE_SIZE = 25;
export const SEARCH_MAX = 100;

export interface AccountRow {
  id: string;
  name: string;
  emails: string[];
  plan: string;
  planLabel: string;
  operator: boolean;
  unitsThisMonth: number;
  keys: number;
  lastRequestAt: string | null;
  suspendedAt: string | null;
  suspendedReason: string | null;
  createdAt: string;
}

export interface AccountList {
  items: AccountRow[];
  total: number;
  page: number;
  pages: number;
}

/**
 * Accounts whose name or a member's email or name contains `q`, newest first, one page. Units come
 * from the day roll-ups (one grouped query per page), the last request from the keys' lastUsedAt.
 */
export async function searchAccounts(
  db: Db,
  q: string,
  page: number,
  now = new Date(),
): Promise<AccountList> {
  const term = q.trim().slice(0, SEARCH_MAX);
  const total = await store.countAccounts(db, term);
  const pages = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await store.accountPage(db, term, (current - 1) * ACCOUNTS_PAGE_SIZE, ACCOUNTS_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const start = new Date(monthOf(now.getTime()).start);
  const [unitsOf, lastOf] = await Promise.all([store.unitsSince(db, ids, start), store.lastKeyUse(db, ids)]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      emails: r.users.map((u) => u.email),
      plan: r.plan,
      planLabel: planFor(r.plan).label,
      operator: r.operator,
      unitsThisMonth: unitsOf.get(r.id) ?? 0,
      keys: r._count.apiKeys,
      lastRequestAt: lastOf.get(r.id)?.toISOString() ?? null,
      suspendedAt: r.suspendedAt?.toISOString() ?? null,
      suspendedReason: r.suspendedReason,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: current,
    pages,
  };
}

/**
 * Moves an account to another plan. The keys are announced like a revocation (changedAt + pub/sub)
 * so every instance reloads the key row with the new plan name within the revocation bound instead
 * of waiting for the key cache's TTL (30 s with Redis).
 */
export async function setAccountPlan(
  db: Db,
  accountId: string,
  plan: string,
  actor: OperatorActor,
): Promise<{ ok: true; from: string } | { ok: false; reason: "not_found" }> {
  const account = await store.accountFlags(db, accountId);
  if (!account) return { ok: false, reason: "not_found" };
  if (account.plan === plan) return { ok: true, from: plan };
  const now = new Date();
  await db.$transaction(async (tx) => {
    await store.updateAccount(tx, accountId, { plan });
    await store.touchAccountKeys(tx, accountId, now);
    await recordAudit(tx, {
      accountId,
      actorUserId: actor.userId,
      action: "account.plan_changed",
      targetType: "account",
      targetId: accountId,
      detail: `${account.plan} -> ${plan} by ${actor.name}`,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
  await announceAccountKeys(db, accountId);
  return { ok: true, from: account.plan };
}

/** Grants or revokes the operator flag (console access, `ingest` keys), audited with the operator. */
export async function setAccountOperator(
  db: Db,
  accountId: string,
  operator: boolean,
  actor: OperatorActor,
): Promise<boolean> {
  const account = await store.accountFlags(db, accountId);
  if (!account) return false;
  if (account.operator === operator) return true;
  await db.$transaction(async (tx) => {
    await store.updateAccount(tx, accountId, { operator });
    await recordAudit(tx, {
      accountId,
      actorUserId: actor.userId,
      action: operator ? "account.operator_granted" : "account.operator_revoked",
      targetType: "account",
      targetId: accountId,
      detail: `by ${actor.name}`,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
  return true;
}
