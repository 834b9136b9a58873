import type { Metadata } from "next";
import { AlertsView } from "@/components/alerts/AlertsView";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Alerts" };

export default async function AlertsPage() {
  await requireUser("/dashboard/alerts");
  return <AlertsView />;
}
