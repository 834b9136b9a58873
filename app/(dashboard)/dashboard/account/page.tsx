import type { Metadata } from "next";
import { AccountView } from "@/components/account/AccountView";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser("/dashboard/account");
  return <AccountView email={user.email} />;
}
