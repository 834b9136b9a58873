import type { Db } from "../../platform/db";

/** Data access for OAuthAccount rows: identities at GitHub or the SSO provider linked to a user. */

/** The user a provider's identity is linked to, or null. */
export async function linkedUserId(
  db: Db,
  provider: string,
  providerAccountId: string,
): Promise<string | null> {
  const where = { provider_providerAccountId: { provider, providerAccountId } };
  return (await db.oAuthAccount.findUnique({ where, select: { userId: true } }))?.userId ?? null;
}

export async function linkIdentity(
  db: Db,
  data: { userId: string; type: string; provider: string; providerAccountId: string },
): Promise<void> {
  await db.oAuthAccount.create({ data });
}

export const countLinks = (db: Db, userId: string, provider: string) =>
  db.oAuthAccount.count({ where: { userId, provider } });
