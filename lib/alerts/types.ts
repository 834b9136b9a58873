/**
 * Account-health alert types (docs/alerts.md). Each is also a webhook event type that endpoints
 * subscribe to like the change-feed types (docs/events.md, "Account and key events").
 */
export const ALERT_TYPES = [
  "account.quota_warning",
  "account.quota_exhausted",
  "account.webhook_disabled",
  "account.suspended",
  "key.expiring",
  "key.expired",
  "key.grace_ending",
  "key.leaked",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const isAlertType = (s: string): s is AlertType => (ALERT_TYPES as readonly string[]).includes(s);

/** What the account page shows for each type. */
export const ALERT_LABELS: Record<AlertType, string> = {
  "account.quota_warning": "Quota at 80 %",
  "account.quota_exhausted": "Quota used up",
  "account.webhook_disabled": "Webhook endpoint disabled",
  "account.suspended": "Account suspended",
  "key.expiring": "Key expires within 7 days",
  "key.expired": "Key expired",
  "key.grace_ending": "Rolled key's grace ends within 24 h",
  "key.leaked": "Key reported leaked",
};

export const CHANNELS = ["dashboard", "email", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];
export type ChannelChoice = Record<Channel, boolean>;

/** What a leak report does to a reported key. */
export const LEAK_ACTIONS = ["revoke", "disable"] as const;
export type LeakAction = (typeof LEAK_ACTIONS)[number];

/** One alert as raised; `dedupeKey` names the condition (stored once, unique in the database). */
export interface AlertInput {
  accountId: string;
  type: AlertType;
  dedupeKey: string;
  title: string;
  message: string;
  /** The webhook event's data (ids as strings; never a secret). */
  data: Record<string, unknown>;
}
