import type { Metadata } from "next";
import { GET as getKeys } from "@/app/api/dashboard/keys/route";
import { queries } from "@/components/hooks/queries";
import { KeysView } from "@/components/keys/KeysView";
import { Prefetched } from "@/components/Prefetched";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  await requireMember("/dashboard/keys");
  return (
    <Prefetched queries={[{ ...queries.keys(), get: getKeys }]}>
      <KeysView />
    </Prefetched>
  );
}
