// Test helper process: `tsx tests/support/create-user.ts <email> <password>` with DATABASE_URL set.
// Inserts a user with a fresh account and a real scrypt password hash, prints {id, accountId}.
import { findOrCreateUser } from "../../lib/accounts";
import { hashPassword } from "../../lib/auth/password";
import { createClient } from "../../lib/db/client";

async function main() {
  const [email, password] = process.argv.slice(2);
  const db = createClient();
  const user = await findOrCreateUser(db, email);
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  process.stdout.write(`${JSON.stringify({ id: user.id, accountId: user.accountId })}\n`);
  await db.$disconnect();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
