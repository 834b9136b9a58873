import type { Metadata } from "next";
import { AccountView } from "@/components/account/AccountView";
import { githubEnabled } from "@/lib/auth/options";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser("/dashboard/account");
  const linked = githubEnabled
    ? (await db.oAuthAccount.count({ where: { userId: user.id, provider: "github" } })) > 0
    : false;
  return <AccountView email={user.email} github={githubEnabled ? { linked } : null} />;
}
