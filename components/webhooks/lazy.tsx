import dynamic from "next/dynamic";
import { Skeleton } from "../ui/States";

// Fetched when first opened (OnceOpened): a page load neither downloads nor runs them.
export const EndpointDialog = dynamic(() => import("./EndpointDialog").then((m) => m.EndpointDialog), {
  ssr: false,
});
export const RollSecretDialog = dynamic(() => import("./RollSecretDialog").then((m) => m.RollSecretDialog), {
  ssr: false,
});
export const WebhookSecretDialog = dynamic(
  () => import("./WebhookSecretDialog").then((m) => m.WebhookSecretDialog),
  { ssr: false },
);
// An endpoint's delivery log (with its detail dialog) opens on "Show deliveries".
export const DeliveryLog = dynamic(() => import("./DeliveryLog").then((m) => m.DeliveryLog), {
  ssr: false,
  loading: () => <Skeleton className="m-4 h-10" />,
});
