import { auditLabel } from "@/lib/audit/labels";
import type { Tone } from "../ui/Badge";

const TONES: Record<string, Tone> = {
  "key.created": "green",
  "key.revoked": "red",
  "key.rolled": "blue",
  "key.disabled": "amber",
  "key.enabled": "green",
  "key.leak_reported": "red",
  "handoff.approved": "blue",
  "handoff.denied": "amber",
  "handoff.exchanged": "violet",
  "handoff.replayed": "red",
  "session.revoked": "amber",
  "session.revoked_all": "amber",
  "2fa.enabled": "green",
  "2fa.disabled": "red",
  "webhook.deleted": "red",
};

export const describeAction = (action: string): { label: string; tone: Tone } => ({
  label: auditLabel(action),
  tone: TONES[action] ?? "gray",
});

/** Key events carry `prefix "name" (environment)`; shown as the prefix plus the name. */
export function AuditTarget({ detail }: { detail: string }) {
  const key = /^(sk_(?:live|test)_[0-9A-Za-z]{8}) "(.*)" \((live|test)\)$/.exec(detail);
  if (!key) return <span className="block text-slate-700 [overflow-wrap:anywhere]">{detail}</span>;
  return (
    <div>
      <code className="whitespace-nowrap font-mono text-[13px] text-slate-800">{key[1]}…</code>
      <div className="text-xs text-slate-600 [overflow-wrap:anywhere]">{key[2]}</div>
    </div>
  );
}
