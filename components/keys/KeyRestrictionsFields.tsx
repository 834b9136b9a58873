"use client";

import { READ_SCOPES, SCOPE_LABELS, SCOPES, type Scope } from "@/lib/keys/scope-names";
import { KEY_NOTE_MAX, type KeyOptionsInput } from "@/lib/keys/schemas";
import type { KeyView } from "@/lib/keys/views";
import { FieldError, inputClass } from "../ui/Field";
import type { FormErrors } from "../ui/useFormErrors";

/** The key form's fields, named as the server's answers name them (`error.field`). */
export type KeyField =
  "name" | "expiresIn" | "expiresAt" | "scopes" | "allowedIps" | "rateLimit" | "unitCap" | "note";
export type KeyForm = FormErrors<KeyField>;

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

/**
 * The form state as the API takes it (validated again on the server: lib/keys/options.ts), or the
 * problem of each field that is wrong.
 */
export function toOptions(s: RestrictionsState): KeyOptionsInput | Partial<Record<KeyField, string>> {
  const problems: Partial<Record<KeyField, string>> = {};
  if (!s.scopes.length) problems.scopes = "Choose at least one scope.";
  if (s.expiry === "date" && !s.date) problems.expiresAt = "Pick the expiry date.";
  const int = (v: string) => (v.trim() ? Number(v) : null);
  const rateLimit = int(s.rateLimit);
  const unitCap = int(s.unitCap);
  const whole = (n: number | null) => n === null || (Number.isInteger(n) && n > 0);
  if (!whole(rateLimit)) problems.rateLimit = `${s.rateLimit.trim()} is not a positive whole number.`;
  if (!whole(unitCap)) problems.unitCap = `${s.unitCap.trim()} is not a positive whole number.`;
  if (Object.keys(problems).length) return problems;
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

/** Whether toOptions found problems (the value is then the problems, not the options). */
export const hasProblems = (
  o: KeyOptionsInput | Partial<Record<KeyField, string>>,
): o is Partial<Record<KeyField, string>> => !("scopes" in o && Array.isArray(o.scopes));

const input = inputClass;

export function ExpiryAndScopes({
  value,
  onChange,
  keepLabel,
  form,
}: {
  value: RestrictionsState;
  onChange: (v: RestrictionsState) => void;
  /** Offered as the first choice when editing a key that has an expiry. */
  keepLabel?: string;
  form: KeyForm;
}) {
  const set = (patch: Partial<RestrictionsState>) => onChange({ ...value, ...patch });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={form.idOf("expiresIn")} className="text-sm font-medium text-slate-800">
            Expires
          </label>
          <select
            {...form.field("expiresIn")}
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
          <FieldError id={form.idOf("expiresIn")} message={form.errors.expiresIn} />
        </div>
        {value.expiry === "date" && (
          <div>
            <label htmlFor={form.idOf("expiresAt")} className="text-sm font-medium text-slate-800">
              Expiry date (end of day, UTC)
            </label>
            <input
              {...form.field("expiresAt")}
              type="date"
              value={value.date}
              onChange={(e) => set({ date: e.target.value })}
              className={input}
            />
            <FieldError id={form.idOf("expiresAt")} message={form.errors.expiresAt} />
          </div>
        )}
      </div>
      <fieldset aria-describedby={form.errors.scopes ? `${form.idOf("scopes")}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes (read)</legend>
        <div className="mt-1.5 grid gap-1.5 sm:grid-cols-2">
          {READ_SCOPES.map((s, i) => (
            <label key={s} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                // The first box takes focus and the marking when no scope is chosen.
                {...(i === 0 ? form.field("scopes") : {})}
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
        <FieldError id={form.idOf("scopes")} message={form.errors.scopes} />
      </fieldset>
    </>
  );
}

export function LimitsFields({
  value,
  onChange,
  form,
}: {
  value: RestrictionsState;
  onChange: (v: RestrictionsState) => void;
  form: KeyForm;
}) {
  const set = (patch: Partial<RestrictionsState>) => onChange({ ...value, ...patch });
  return (
    <>
      <div>
        <label htmlFor={form.idOf("allowedIps")} className="text-sm font-medium text-slate-800">
          Allowed IP addresses (optional)
        </label>
        <input
          {...form.field("allowedIps")}
          value={value.ips}
          onChange={(e) => set({ ips: e.target.value })}
          placeholder="e.g. 203.0.113.0/24, 2001:db8::/32"
          autoComplete="off"
          className={input}
        />
        <FieldError id={form.idOf("allowedIps")} message={form.errors.allowedIps} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={form.idOf("rateLimit")} className="text-sm font-medium text-slate-800">
            Requests per minute (optional)
          </label>
          <input
            {...form.field("rateLimit")}
            inputMode="numeric"
            value={value.rateLimit}
            onChange={(e) => set({ rateLimit: e.target.value })}
            className={input}
          />
          <FieldError id={form.idOf("rateLimit")} message={form.errors.rateLimit} />
        </div>
        <div>
          <label htmlFor={form.idOf("unitCap")} className="text-sm font-medium text-slate-800">
            Units per month (optional)
          </label>
          <input
            {...form.field("unitCap")}
            inputMode="numeric"
            value={value.unitCap}
            onChange={(e) => set({ unitCap: e.target.value })}
            className={input}
          />
          <FieldError id={form.idOf("unitCap")} message={form.errors.unitCap} />
        </div>
      </div>
      <div>
        <label htmlFor={form.idOf("note")} className="text-sm font-medium text-slate-800">
          Note (optional)
        </label>
        <textarea
          {...form.field("note")}
          rows={2}
          maxLength={KEY_NOTE_MAX}
          value={value.note}
          onChange={(e) => set({ note: e.target.value })}
          className={input}
        />
        <FieldError id={form.idOf("note")} message={form.errors.note} />
      </div>
    </>
  );
}
