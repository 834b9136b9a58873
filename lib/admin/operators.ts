import { findUserByEmail } from "../accounts";
import { recordAudit } from "../audit";
import { db } from "../db";
import { parseFlags, requireFlag, type AdminCommand } from "./args";

/** Grants or revokes the operator flag: only operator accounts may mint `ingest` keys. */
async function setOperator(args: string[], operator: boolean): Promise<void> {
  const email = requireFlag(parseFlags(args).flags, "email").toLowerCase();
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  await db.$transaction(async (tx) => {
    await tx.account.update({ where: { id: user.account.id }, data: { operator } });
    await recordAudit(tx, {
      accountId: user.account.id,
      actorUserId: null,
      action: operator ? "account.operator_granted" : "account.operator_revoked",
      targetType: "account",
      targetId: user.account.id,
      detail: operator ? "may mint ingest keys" : "may no longer mint ingest keys",
      ip: "admin-cli",
    });
  });
  console.log(`account of ${email}: operator ${operator ? "granted" : "revoked"}`);
}

export const operatorCommands: AdminCommand[] = [
  {
    name: "operator grant",
    usage: "operator grant --email <e>   (the account may mint keys with the ingest scope)",
    run: (args) => setOperator(args, true),
  },
  {
    name: "operator revoke",
    usage: "operator revoke --email <e>   (existing ingest keys keep working until revoked)",
    run: (args) => setOperator(args, false),
  },
];
