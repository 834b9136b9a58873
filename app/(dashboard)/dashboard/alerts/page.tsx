import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/AlertsView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  await requireMember("/dashboard/alerts");
  return <AlertsView />;
}
