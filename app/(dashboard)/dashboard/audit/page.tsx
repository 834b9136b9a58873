import type { Metadata } from "next";
import { AuditView } from "@/components/audit/AuditView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  await requireMember("/dashboard/audit");
  return <AuditView />;
}
