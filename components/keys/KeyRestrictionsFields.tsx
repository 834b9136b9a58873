"use client";

import { useId } from "react";
import { READ_SCOPES, SCOPE_LABELS, SCOPES, type Scope } from "@/lib/keys/scope-names";
import type { KeyOptionsInput } from "@/lib/keys/options";
import type { KeyView } from "@/lib/keys/views";

/** "keep": an edit leaves the key's current expiry as it is. */
export type Expiry = "keep" | "never" | "7d" | "30d" | "90d" | "date";

export interface RestrictionsState {
  expiry: Expiry;
  date: string;
  scopes: Scope[];
  ips: string;
  rateLimit: string;
  unitCap: string;
  note: string;
}

export const defaultRestrictions = (expiry: Expiry = "never"): RestrictionsState => ({
  expiry,
  date: "",
  scopes: [...READ_SCOPES],
  ips: "",
  rateLimit: "",
  unitCap: "",
  note: "",
});

/** An existing key as the form shows it (the edit dialog); its expiry is kept unless changed. */
export function restrictionsOf(k: KeyView): RestrictionsState {
  return {
    expiry: k.expiresAt ? "keep" : "never",
    date: "",
    scopes: SCOPES.filter((s) => k.scopes.includes(s)),
    ips: k.allowedIps.join(", "),
    rateLimit: k.rateLimit === null ? "" : String(k.rateLimit),
    unitCap: k.unitCap === null ? "" : String(k.unitCap),
    note: k.note ?? "",
  };
}

/** The form state as the API takes it (validated again on the server: lib/keys/options.ts). */
export function toOptions(s: RestrictionsState): KeyOptionsInput | string {
  if (!s.scopes.length) return "Choose at least one scope.";
  if (s.expiry === "date" && !s.date) return "Pick the expiry date.";
  const int = (v: string) => (v.trim() ? Number(v) : null);
  const rateLimit = int(s.rateLimit);
  const unitCap = int(s.unitCap);
  for (const n of [rateLimit, unitCap])
    if (n !== null && !(Number.isInteger(n) && n > 0)) return "Limits must be positive whole numbers.";
  return {
    expiresIn: s.expiry === "date" || s.expiry === "keep" ? undefined : s.expiry,
    expiresAt: s.expiry === "date" ? s.date : undefined,
    scopes: s.scopes,
    allowedIps: s.ips,
    rateLimit,
    unitCap,
    note: s.note,
  };
}

const input =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25";

export function ExpiryAndScopes({
  value,
  onChange,
  keepLabel,
}: {
  value: RestrictionsState;
  onChange: (v: RestrictionsState) => void;
  /** Offered as the first choice when editing a key that has an expiry. */
  keepLabel?: string;
}) {
  const id = useId();
  const set = (patch: Partial<RestrictionsState>) => onChange({ ...value, ...patch });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-exp`} className="text-sm font-medium text-slate-800">
            Expires
          </label>
          <select
            id={`${id}-exp`}
            value={value.expiry}
            onChange={(e) => set({ expiry: e.target.value as Expiry })}
            className={input}
          >
            {keepLabel && <option value="keep">{keepLabel}</option>}
            <option value="never">Never</option>
            <option value="7d">In 7 days</option>
            <option value="30d">In 30 days</option>
            <option value="90d">In 90 days</option>
            <option value="date">On a date…</option>
          </select>
        </div>
        {value.expiry === "date" && (
          <div>
            <label htmlFor={`${id}-date`} className="text-sm font-medium text-slate-800">
              Expiry date (end of day, UTC)
            </label>
            <input
              id={`${id}-date`}
              type="date"
              value={value.date}
              onChange={(e) => set({ date: e.target.value })}
              className={input}
            />
          </div>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Scopes (read)</legend>
        <div className="mt-1.5 grid gap-1.5 sm:grid-cols-2">
          {READ_SCOPES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={value.scopes.includes(s)}
                onChange={(e) =>
                  set({
                    scopes: e.target.checked
                      ? READ_SCOPES.filter((x) => x === s || value.scopes.includes(x))
                      : value.scopes.filter((x) => x !== s),
                  })
                }
                className="accent-emerald-700"
              />
              {SCOPE_LABELS[s]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

export function LimitsFields({
  value,
  onChange,
}: {
  value: RestrictionsState;
  onChange: (v: RestrictionsState) => void;
}) {
  const id = useId();
  const set = (patch: Partial<RestrictionsState>) => onChange({ ...value, ...patch });
  return (
    <>
      <div>
        <label htmlFor={`${id}-ips`} className="text-sm font-medium text-slate-800">
          Allowed IP addresses (optional)
        </label>
        <input
          id={`${id}-ips`}
          value={value.ips}
          onChange={(e) => set({ ips: e.target.value })}
          placeholder="e.g. 203.0.113.0/24, 2001:db8::/32"
          autoComplete="off"
          className={input}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-rate`} className="text-sm font-medium text-slate-800">
            Requests per minute (optional)
          </label>
          <input
            id={`${id}-rate`}
            inputMode="numeric"
            value={value.rateLimit}
            onChange={(e) => set({ rateLimit: e.target.value })}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-cap`} className="text-sm font-medium text-slate-800">
            Units per month (optional)
          </label>
          <input
            id={`${id}-cap`}
            inputMode="numeric"
            value={value.unitCap}
            onChange={(e) => set({ unitCap: e.target.value })}
            className={input}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
          Note (optional)
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={500}
          value={value.note}
          onChange={(e) => set({ note: e.target.value })}
          className={input}
        />
      </div>
    </>
  );
}
