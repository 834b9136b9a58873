import type { Tone } from "../ui/Badge";

const ACTIONS: Record<string, { label: string; tone: Tone }> = {
  "key.created": { label: "Key created", tone: "green" },
  "key.revoked": { label: "Key revoked", tone: "red" },
  "handoff.approved": { label: "Agent handoff approved", tone: "blue" },
  "handoff.denied": { label: "Agent handoff denied", tone: "amber" },
  "handoff.exchanged": { label: "Agent key issued", tone: "violet" },
  "handoff.replayed": { label: "Handoff code replayed", tone: "red" },
  "session.revoked": { label: "Session revoked", tone: "amber" },
  "session.revoked_all": { label: "Signed out everywhere", tone: "amber" },
  "2fa.enabled": { label: "Two-factor turned on", tone: "green" },
  "2fa.disabled": { label: "Two-factor turned off", tone: "red" },
};

export const describeAction = (action: string): { label: string; tone: Tone } =>
  ACTIONS[action] ?? { label: action, tone: "gray" };

/** Key events carry `prefix "name" (environment)`; shown as the prefix plus the name. */
export function AuditTarget({ detail }: { detail: string }) {
  const key = /^(sk_(?:live|test)_[0-9A-Za-z]{8}) "(.*)" \((live|test)\)$/.exec(detail);
  if (!key) return <span className="block max-w-md break-words text-slate-700">{detail}</span>;
  return (
    <div>
      <code className="whitespace-nowrap font-mono text-[13px] text-slate-800">{key[1]}…</code>
      <div className="max-w-64 truncate text-xs text-slate-500" title={key[2]}>
        {key[2]}
      </div>
    </div>
  );
}
