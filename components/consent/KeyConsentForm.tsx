import type { ReactNode } from "react";
import { READ_SCOPES, SCOPE_LABELS, type Scope } from "@/lib/keys/scope-names";

/**
 * The key-consent form of the agent handoff's approval page and the MCP consent page: a plain HTML
 * form (no client JS) whose Approve and Deny are POSTs to `action` (a consentRoute) with the per-user
 * CSRF token. Test is preselected; a live key needs the user to pick it explicitly. The wording is
 * each page's own: "Test key" for an agent's key, "Test" for a connection.
 */
export function KeyConsentForm(props: {
  action: string;
  /** The hidden field naming the request decided on, and its value. */
  target: readonly [name: string, value: string];
  csrfToken: string;
  environmentLegend: string;
  /** Appended to "Test" and "Live" ("key"), or nothing. */
  noun?: string;
  /** Shown under the environments (e.g. that the requester asked for a live key). */
  environmentNote?: string | null;
  scopesLegend: string;
  preselected: readonly Scope[];
  expiryLabel: string;
  defaultExpiry: "7" | "30" | "90" | "never";
}) {
  const noun = props.noun ? ` ${props.noun}` : "";
  return (
    <form method="post" action={props.action} className="mt-6 space-y-5">
      <input type="hidden" name="csrf_token" value={props.csrfToken} />
      <input type="hidden" name={props.target[0]} value={props.target[1]} />
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">{props.environmentLegend}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="environment" value="test" defaultChecked /> Test{noun} (
          <code>sk_test_…</code>)
        </label>
        <label className="mt-2 flex items-center gap-2">
          <input type="radio" name="environment" value="live" /> Live{noun} (<code>sk_live_…</code>):
          production traffic
        </label>
        {props.environmentNote ? (
          <p className="mt-2 text-sm text-slate-600">{props.environmentNote}</p>
        ) : null}
      </fieldset>
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">{props.scopesLegend}</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {READ_SCOPES.map((s) => (
            <label key={s} className="flex items-center gap-2">
              <input type="checkbox" name="scope" value={s} defaultChecked={props.preselected.includes(s)} />{" "}
              {SCOPE_LABELS[s]}
            </label>
          ))}
        </div>
        <label className="mt-3 block text-sm font-medium" htmlFor="expires_days">
          {props.expiryLabel}
        </label>
        <select
          id="expires_days"
          name="expires_days"
          defaultValue={props.defaultExpiry}
          className="mt-1 rounded-md border border-slate-300 px-2 py-1.5"
        >
          <option value="7">In 7 days</option>
          <option value="30">In 30 days</option>
          <option value="90">In 90 days</option>
          <option value="never">Never</option>
        </select>
      </fieldset>
      <div className="flex gap-3">
        <button
          type="submit"
          name="decision"
          value="approve"
          className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800"
        >
          Approve
        </button>
        <button
          type="submit"
          name="decision"
          value="deny"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          Deny
        </button>
      </div>
    </form>
  );
}

/** The frame of a consent page: brand, heading, content. */
export function ConsentShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Statline</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
