import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/WebhooksView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireMember("/dashboard/webhooks");
  return <WebhooksView />;
}
