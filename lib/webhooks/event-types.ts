import { ALERT_TYPES, isAlertType, type AlertType } from "../alerts/types";
import { CHANGE_TYPES, parseTypes, type ChangeType } from "../events/types";

/**
 * What a webhook endpoint can subscribe to: the change-feed types and the account and key alert
 * types (docs/events.md, "Account and key events"). An endpoint with none listed receives all.
 */
export const WEBHOOK_EVENT_TYPES = [...CHANGE_TYPES, ...ALERT_TYPES] as const;
export type WebhookEventType = ChangeType | AlertType;

export const isChangeType = (t: string): t is ChangeType => (CHANGE_TYPES as readonly string[]).includes(t);

/**
 * Parses `--events`: change types and resources as `types=` of /v1/changes takes them, plus
 * alert types, `account` (every account.* type) and `key` (every key.* type).
 */
export function parseWebhookTypes(raw: string): { types: WebhookEventType[] } | { unknown: string } {
  const out = new Set<WebhookEventType>();
  const feed: string[] = [];
  for (const part of raw.split(",").map((s) => s.trim())) {
    if (!part) continue;
    const alerts = ALERT_TYPES.filter((t) => t === part || t.startsWith(`${part}.`));
    if (alerts.length) for (const t of alerts) out.add(t);
    else feed.push(part);
  }
  const parsed = parseTypes(feed.join(","));
  if ("unknown" in parsed) return parsed;
  for (const t of parsed.types) out.add(t);
  return { types: [...out] };
}

export { isAlertType };
