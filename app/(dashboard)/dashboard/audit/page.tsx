import type { Metadata } from "next";
import { GET as getAudit } from "@/app/api/dashboard/audit/route";
import { AuditView } from "@/components/audit/AuditView";
import { queries } from "@/components/hooks/queries";
import { Prefetched } from "@/components/Prefetched";
import { requireMember } from "@/lib/workspaces/member";
import { can } from "@/lib/workspaces/permissions";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const user = await requireMember("/dashboard/audit");
  // A role that may not read it sees why (AuditView), with nothing to fetch.
  if (!can(user.role, "audit.read").ok) return <AuditView />;
  // All events, 50 a page: the view's first query (useAuditQuery's defaults).
  return (
    <Prefetched queries={[{ ...queries.audit("", 50), get: getAudit, infinite: true }]}>
      <AuditView />
    </Prefetched>
  );
}
