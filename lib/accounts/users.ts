import type { Db } from "../platform/db";
import { addOwner } from "../workspaces/store";
import * as store from "./store";

/** The user with this email, created with a fresh workspace they own when missing (admin CLI, SSO). */
export async function findOrCreateUser(db: Db, email: string, name?: string | null) {
  const normalized = email.trim().toLowerCase();
  const existing = await store.userRowByEmail(db, normalized);
  if (existing) return existing;
  const user = await store.createUserWithAccount(
    db,
    { email: normalized, name: name ?? null },
    name?.trim() || normalized,
  );
  await addOwner(db, user.id, user.accountId);
  return user;
}

/** A user by email (case-insensitive: emails are stored lower-case), with the account's plan. */
export const findUserByEmail = (db: Db, email: string) =>
  store.userWithPlanByEmail(db, email.trim().toLowerCase());
