import type { Db } from "../platform/db";
import { createUserWithAccount, userRowByEmail } from "../accounts/store";
import type { RateRule } from "../plans";
import { addOwner } from "../workspaces/store";
import { hashPassword } from "./password";
import type { SignUpInput } from "./schemas";
import { envInt } from "../platform/config";

/** Sign-ups per client IP: SIGNUP_LIMIT_PER_HOUR (default 5) as a burst, refilled evenly. */
export function signUpRule(): RateRule {
  const perHour = envInt("SIGNUP_LIMIT_PER_HOUR");
  return { burst: perHour, intervalMs: 3_600_000 / perHour };
}

export type SignUpResult = { ok: true; userId: string } | { ok: false; reason: "email_taken" };

const isUniqueViolation = (err: unknown) =>
  String(err).includes("Unique constraint") || (err as { code?: string })?.code === "P2002";

/**
 * Creates the user, their own workspace and their owner membership in one transaction. The password is hashed first, outside
 * the transaction, so the slow scrypt never holds a database write lock.
 */
export async function registerUser(
  db: Db,
  input: SignUpInput,
  address: string | null = null,
): Promise<SignUpResult> {
  const passwordHash = await hashPassword(input.password, address);
  const name = input.name || null;
  try {
    const user = await db.$transaction(async (tx) => {
      if (await userRowByEmail(tx, input.email)) return null;
      const user = await createUserWithAccount(
        tx,
        { email: input.email, name, passwordHash },
        name ?? input.email,
      );
      await addOwner(tx, user.id, user.accountId);
      return user;
    });
    return user ? { ok: true, userId: user.id } : { ok: false, reason: "email_taken" };
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides, the loser sees the same answer.
    if (isUniqueViolation(err)) return { ok: false, reason: "email_taken" };
    throw err;
  }
}
