import type { Db } from "./db";

/** The user with this email, created with a fresh account when missing (admin CLI, sign-up). */
export async function findOrCreateUser(db: Db, email: string, name?: string | null) {
  const normalized = email.trim().toLowerCase();
  const existing = await db.user.findUnique({ where: { email: normalized } });
  if (existing) return existing;
  return db.user.create({
    data: {
      email: normalized,
      name: name ?? null,
      account: { create: { name: name?.trim() || normalized } },
    },
  });
}
