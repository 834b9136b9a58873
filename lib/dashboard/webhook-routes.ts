import { assertOk } from "../api/errors";
import { dashboardRoute, requestOrigin } from "../auth/route";
import { db } from "../db";
import {
  removeEndpoint,
  resendDelivery,
  sendTestEvent,
  setEndpointDisabled,
  type WebhookResult,
} from "../webhooks/endpoints";
import { wakeWebhooks } from "../webhooks/worker";

/**
 * The dashboard's per-endpoint webhook actions (edges: they hold the process-wide db). Each is
 * CSRF-checked by dashboardRoute and audited by the service; another account's endpoint is 404.
 */
type Action = (
  ref: { id: string; accountId: string; deliveryId: string },
  actor: { userId: string; ip: string | null; userAgent: string | null },
) => Promise<WebhookResult<unknown>>;

const ACTIONS = {
  disable: (ref, actor) => setEndpointDisabled(db, ref, true, actor),
  enable: (ref, actor) => setEndpointDisabled(db, ref, false, actor),
  delete: (ref, actor) => removeEndpoint(db, ref, actor),
  test: (ref, actor) => sendTestEvent(db, ref, actor),
  resend: (ref, actor) => resendDelivery(db, ref, actor),
} satisfies Record<string, Action>;

export function webhookActionRoute(action: keyof typeof ACTIONS) {
  return dashboardRoute("webhooks.manage", null, async ({ user, params, request }) => {
    const done = await ACTIONS[action](
      { id: params.id, accountId: user.accountId, deliveryId: params.deliveryId ?? "" },
      { userId: user.id, ...requestOrigin(request) },
    );
    assertOk(done);
    // Test events and resends are due now: send them without waiting for the next poll.
    if (action === "test" || action === "resend" || action === "enable") wakeWebhooks();
    return done.value;
  });
}
