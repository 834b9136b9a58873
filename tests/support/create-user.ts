// Test helper process: `tsx tests/support/create-user.ts <email> <password> [unverified]` with
// DATABASE_URL set. Inserts a user with a fresh account and a real scrypt password hash, prints
// {id, accountId}. The user stands for an established account: its email is verified (as the
// upgrade migration marks existing accounts) unless the third argument is "unverified".
import { findOrCreateUser } from "../../lib/accounts/users";
import { hashPassword } from "../../lib/auth/password";
import { createClient } from "../../lib/platform/db/client";

async function main() {
  const [email, password, verified] = process.argv.slice(2);
  const db = createClient();
  const user = await findOrCreateUser(db, email);
  await db.user.update({
    where: { id: user.id },
    data: {
      passwordHash: await hashPassword(password),
      emailVerified: verified === "unverified" ? null : new Date(),
    },
  });
  process.stdout.write(`${JSON.stringify({ id: user.id, accountId: user.accountId })}\n`);
  await db.$disconnect();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
