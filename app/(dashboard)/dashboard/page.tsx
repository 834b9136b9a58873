import type { Metadata } from "next";
import { GET as getAudit } from "@/app/api/dashboard/audit/route";
import { GET as getOverview } from "@/app/api/dashboard/overview/route";
import { queries } from "@/components/hooks/queries";
import { OverviewView } from "@/components/overview/OverviewView";
import { Prefetched } from "@/components/Prefetched";
import { can } from "@/lib/workspaces/permissions";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Overview" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function OverviewPage({ searchParams }: { searchParams: Search }) {
  const user = await requireMember("/dashboard");
  const env = (await searchParams).env === "live" ? "live" : "test";
  return (
    <Prefetched
      queries={[
        { ...queries.overview(env), get: getOverview },
        // Recent activity: the audit log's newest five, for the roles that may read it.
        ...(can(user.role, "audit.read").ok
          ? [{ ...queries.audit("", 5), get: getAudit, infinite: true }]
          : []),
      ]}
    >
      <OverviewView name={user.name ?? user.email} />
    </Prefetched>
  );
}
