import { READ_SCOPES, SCOPE_LABELS, type Scope } from "@/lib/keys/scope-names";

/**
 * A plain HTML form (no client JS), like the agent handoff's approval form: Approve and Deny are
 * POSTs to /api/oauth/consent with the per-user CSRF token. Test is preselected.
 */
export function ConsentForm({
  grantId,
  csrfToken,
  preselected,
}: {
  grantId: string;
  csrfToken: string;
  preselected: readonly Scope[];
}) {
  return (
    <form method="post" action="/api/oauth/consent" className="mt-6 space-y-5">
      <input type="hidden" name="csrf_token" value={csrfToken} />
      <input type="hidden" name="request" value={grantId} />
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">Environment</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="environment" value="test" defaultChecked /> Test (<code>sk_test_…</code>)
        </label>
        <label className="mt-2 flex items-center gap-2">
          <input type="radio" name="environment" value="live" /> Live (<code>sk_live_…</code>): production
          traffic
        </label>
      </fieldset>
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold">What the app may read</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {READ_SCOPES.map((s) => (
            <label key={s} className="flex items-center gap-2">
              <input type="checkbox" name="scope" value={s} defaultChecked={preselected.includes(s)} />{" "}
              {SCOPE_LABELS[s]}
            </label>
          ))}
        </div>
        <label className="mt-3 block text-sm font-medium" htmlFor="expires_days">
          Connection expires
        </label>
        <select
          id="expires_days"
          name="expires_days"
          defaultValue="30"
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
