import type { Metadata } from "next";
import { GET as getWebhooks } from "@/app/api/dashboard/webhooks/route";
import { queries } from "@/components/hooks/queries";
import { Prefetched } from "@/components/Prefetched";
import { WebhooksView } from "@/components/webhooks/WebhooksView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireMember("/dashboard/webhooks");
  return (
    <Prefetched queries={[{ ...queries.webhooks(), get: getWebhooks }]}>
      <WebhooksView />
    </Prefetched>
  );
}
