import type { Metadata } from "next";
import { AccountView } from "@/components/account/AccountView";
import { hasGitHubLink } from "@/lib/auth/github";
import { githubEnabled } from "@/lib/auth/options";
import { requireMember } from "@/lib/workspaces/member";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireMember("/dashboard/account");
  const linked = githubEnabled ? await hasGitHubLink(db, user.id) : false;
  return <AccountView email={user.email} github={githubEnabled ? { linked } : null} />;
}
