import type { Db } from "./db";
import { addOwner } from "./workspaces/store";

/** The user with this email, created with a fresh workspace they own when missing (admin CLI, SSO). */
export async function findOrCreateUser(db: Db, email: string, name?: string | null) {
  const normalized = email.trim().toLowerCase();
  const existing = await db.user.findUnique({ where: { email: normalized } });
  if (existing) return existing;
  const user = await db.user.create({
    data: {
      email: normalized,
      name: name ?? null,
      account: { create: { name: name?.trim() || normalized } },
    },
  });
  await addOwner(db, user.id, user.accountId);
  return user;
}

/** A user by email (case-insensitive: emails are stored lower-case), with the account's plan. */
export function findUserByEmail(db: Db, email: string) {
  return db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    include: { account: { select: { id: true, plan: true } } },
  });
}

export function findUserById(db: Db, id: string) {
  return db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, accountId: true },
  });
}
