import { findUserByEmail } from "../accounts/users";
import { markVerified } from "./email-verification";
import { db } from "../platform/db";
import { parseFlags, type AdminCommand } from "../cli/args";

/**
 * `user verify --email <e>` (or `user verify <e>`): the operator vouches for a user's address,
 * e.g. on a server without SMTP_URL, where no verification mail can be sent.
 */
async function verifyUser(args: string[]): Promise<void> {
  const { flags, positional } = parseFlags(args);
  const raw = typeof flags.email === "string" ? flags.email : positional[0];
  if (!raw?.trim()) throw new Error("--email is required");
  const email = raw.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  if (user.emailVerified) {
    console.log(`${email}: already verified (${user.emailVerified.toISOString()})`);
    return;
  }
  await markVerified(db, user, {
    how: "by an operator (admin CLI)",
    actorUserId: null,
    origin: { ip: "admin-cli" },
  });
  console.log(`${email}: verified; the account may now create live keys`);
}

export const userCommands: AdminCommand[] = [
  {
    name: "user verify",
    usage: "user verify --email <e>   (marks the address verified: live keys allowed)",
    run: verifyUser,
  },
];
