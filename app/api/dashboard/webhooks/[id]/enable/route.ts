import { webhookActionRoute } from "@/lib/dashboard/webhook-routes";

export const dynamic = "force-dynamic";

export const POST = webhookActionRoute("enable");
