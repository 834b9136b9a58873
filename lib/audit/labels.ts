/** What each audit action code means to a person: the dashboard's labels and the CSV's "event" column. */
export const AUDIT_LABELS: Record<string, string> = {
  "key.created": "Key created",
  "key.revoked": "Key revoked",
  "key.rolled": "Key rolled",
  "key.updated": "Key edited",
  "key.disabled": "Key disabled",
  "key.enabled": "Key enabled",
  "key.leak_reported": "Key reported leaked",
  "handoff.approved": "Agent handoff approved",
  "handoff.denied": "Agent handoff denied",
  "handoff.exchanged": "Agent key issued",
  "handoff.replayed": "Handoff code replayed",
  "oauth.approved": "App connected (OAuth)",
  "oauth.revoked": "App disconnected",
  "oauth.replayed": "OAuth code or token replayed",
  "session.revoked": "Session revoked",
  "session.revoked_all": "Signed out everywhere",
  "2fa.enabled": "Two-factor turned on",
  "2fa.disabled": "Two-factor turned off",
  "passkey.added": "Passkey added",
  "passkey.removed": "Passkey removed",
  "account.plan_changed": "Plan changed",
  "account.suspended": "Account suspended",
  "account.reinstated": "Account reinstated",
  "account.operator_granted": "Operator rights granted",
  "account.operator_revoked": "Operator rights revoked",
  "plan.created": "Plan added",
  "plan.updated": "Plan edited",
  "data.imported": "Data imported",
  "standings.adjusted": "Points adjusted",
  "team.alias_added": "Team alias added",
  "team.alias_removed": "Team alias removed",
  "account.email_verified": "Email address verified",
  "alerts.settings_changed": "Alert settings changed",
  "webhook.created": "Webhook endpoint added",
  "webhook.updated": "Webhook endpoint edited",
  "webhook.deleted": "Webhook endpoint deleted",
  "webhook.disabled": "Webhook endpoint disabled",
  "webhook.enabled": "Webhook endpoint enabled",
  "webhook.secret_rolled": "Webhook secret rolled",
  "webhook.test_sent": "Webhook test sent",
  "webhook.resent": "Webhook delivery resent",
  "member.invited": "Member invited",
  "member.invitation_revoked": "Invitation revoked",
  "member.invitation_resent": "Invitation sent again",
  "member.joined": "Member joined",
  "member.role_changed": "Member role changed",
  "member.removed": "Member removed",
  "member.left": "Member left",
  "workspace.created": "Workspace created",
  "workspace.renamed": "Workspace renamed",
  "workspace.transferred": "Ownership transferred",
  "workspace.deleted": "Workspace deleted",
};

/** An unknown code (a newer server, a hand-written row) reads as words, never as a raw code. */
export function auditLabel(action: string): string {
  const known = AUDIT_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Event";
}

/** The audit log's filter: each category is the action codes starting with these prefixes. */
export const AUDIT_CATEGORIES = {
  keys: { label: "API keys", prefixes: ["key."] },
  webhooks: { label: "Webhooks", prefixes: ["webhook."] },
  security: {
    label: "Sign-in and security",
    prefixes: ["session.", "2fa.", "passkey.", "account.", "alerts."],
  },
  agents: { label: "Agent handoffs and connected apps", prefixes: ["handoff.", "oauth."] },
  members: { label: "Members and workspace", prefixes: ["member.", "workspace."] },
} as const;
export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
export const AUDIT_CATEGORY_NAMES = Object.keys(AUDIT_CATEGORIES) as AuditCategory[];
