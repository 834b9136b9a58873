import { z } from "zod";
import { recordAudit } from "@/lib/audit/store";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { alertSettings, saveAlertSettings } from "@/lib/alerts/settings";
import { ALERT_TYPES, CHANNELS, LEAK_ACTIONS } from "@/lib/alerts/types";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

export const GET = dashboardRoute("alerts.read", null, ({ user }) => alertSettings(db, user.accountId));

const channelList = z.array(z.enum(CHANNELS)).max(CHANNELS.length);
const input = z.object({
  channels: z.partialRecord(z.enum(ALERT_TYPES), channelList).optional(),
  leakAction: z.enum(LEAK_ACTIONS).optional(),
});

/**
 * Saves alert channels per type and the leak action. Changing what a leak report does to keys is a
 * security setting: it needs a recent re-authentication, like two-factor changes.
 */
export const PATCH = dashboardRoute("alerts.manage", input, async ({ user, body, request }) => {
  if (body.leakAction !== undefined) {
    const current = await alertSettings(db, user.accountId);
    if (current.leakAction !== body.leakAction) await requireRecentAuth(db, user);
  }
  const { settings, changes } = await saveAlertSettings(db, user.accountId, body);
  if (changes.length)
    await recordAudit(db, {
      accountId: user.accountId,
      actorUserId: user.id,
      action: "alerts.settings_changed",
      targetType: "account",
      targetId: user.accountId,
      detail: changes.join("; ").slice(0, 1000),
      ...requestOrigin(request),
    });
  return settings;
});
