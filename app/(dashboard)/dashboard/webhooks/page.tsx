import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/WebhooksView";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireUser("/dashboard/webhooks");
  return <WebhooksView />;
}
