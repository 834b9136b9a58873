import type { Metadata } from "next";
import { MembersView } from "@/components/members/MembersView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  await requireMember("/dashboard/members");
  return <MembersView />;
}
