import type { Metadata } from "next";
import { AuditView } from "@/components/audit/AuditView";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  await requireUser("/dashboard/audit");
  return <AuditView />;
}
