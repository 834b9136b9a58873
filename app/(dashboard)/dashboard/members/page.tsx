import type { Metadata } from "next";
import { GET as getMembers } from "@/app/api/dashboard/members/route";
import { MembersView } from "@/components/members/MembersView";
import { Prefetched } from "@/components/Prefetched";
import { queries } from "@/components/hooks/queries";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  await requireMember("/dashboard/members");
  return (
    <Prefetched queries={[{ ...queries.members(), get: getMembers }]}>
      <MembersView />
    </Prefetched>
  );
}
