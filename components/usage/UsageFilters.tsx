"use client";

import type { KeyView } from "@/lib/keys/views";
import type { UsageFilters as Filters } from "../hooks/queries";
import { focusRing } from "../ui/Button";

const RANGES = [
  { value: "24h", label: "24 hours" },
  { value: "7d", label: "7 days" },
  { value: "30d", label: "30 days" },
] as const;

const select = `h-9 rounded-md border border-slate-300 bg-white pl-3 pr-8 text-sm text-slate-800 shadow-sm ${focusRing}`;

export function UsageFilters({
  value,
  onChange,
  keys,
}: {
  value: Filters;
  onChange: (f: Filters) => void;
  /** The keys to choose from; absent on a key's own page (no key choice). */
  keys?: KeyView[];
}) {
  const visibleKeys = (keys ?? []).filter((k) => !value.environment || k.environment === value.environment);
  return (
    <div className="mb-6 flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-xs font-medium text-slate-600">Range</legend>
        <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm">
          {RANGES.map((r) => (
            <label
              key={r.value}
              className={`cursor-pointer rounded px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600 ${
                value.range === r.value ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"
              }`}
            >
              <input
                type="radio"
                name="range"
                value={r.value}
                checked={value.range === r.value}
                onChange={() => onChange({ ...value, range: r.value })}
                className="sr-only"
              />
              {r.label}
            </label>
          ))}
        </div>
      </fieldset>
      {keys && (
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Key
          <select
            className={`${select} w-80 max-w-full`}
            value={value.keyId}
            onChange={(e) => onChange({ ...value, keyId: e.target.value })}
          >
            <option value="">All {value.environment} keys</option>
            {visibleKeys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} · {k.prefix}
                {k.revokedAt ? " (revoked)" : ""}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
