"use client";

import { useId, useState } from "react";
import type { KeyView } from "@/lib/keys/views";
import { LOG_RANGES, type LogFilters } from "../hooks/queries";
import { Button, focusRing } from "../ui/Button";
import { formatDateTime } from "../ui/format";
import { SearchIcon } from "../ui/icons";

const STATUSES = [
  { value: "", label: "Any status" },
  { value: "2xx", label: "2xx success" },
  { value: "4xx", label: "4xx client errors" },
  { value: "429", label: "429 rate limited" },
  { value: "5xx", label: "5xx server errors" },
  { value: "errors", label: "All errors" },
];

const control = `h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 shadow-sm ${focusRing}`;
const label = "flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600";

export interface FilterBarProps {
  value: LogFilters;
  range: string;
  keys: KeyView[];
  endpoints: string[];
  onChange: (next: Partial<LogFilters>, range?: string) => void;
}

export function LogFilterBar({ value, range, keys, endpoints, onChange }: FilterBarProps) {
  const [id, setId] = useState(value.requestId);
  const custom = range === "custom";
  // Below 640 px the four filters are behind a button, so the rows start on the first screen (at
  // 390 px they filled it). The button says how many are set: the default range (24 h) is not.
  const [open, setOpen] = useState(false);
  const gridId = useId();
  const set = [value.keyPrefix, value.status, value.endpoint, range !== "24h"].filter(Boolean).length;
  return (
    <div className="mb-4 space-y-3">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ requestId: id.trim() });
        }}
      >
        <label className="min-w-0 flex-1">
          <span className="sr-only">Request id</span>
          <input
            value={id}
            onChange={(e) => setId(e.target.value)}
            placeholder="Find a request id, e.g. req_AbCdEfGh000123"
            className={`${control} font-mono`}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <Button type="submit" variant="secondary">
          <SearchIcon width={16} height={16} /> Find
        </Button>
        {value.requestId && (
          <Button
            variant="ghost"
            onClick={() => {
              setId("");
              onChange({ requestId: "" });
            }}
          >
            Clear
          </Button>
        )}
      </form>
      <Button
        variant="secondary"
        size="sm"
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={gridId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? "Hide filters" : `Filters${set ? ` (${set} set)` : ""}`}
      </Button>
      <div
        id={gridId}
        className={`${open ? "grid" : "hidden"} grid-cols-1 gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
        aria-disabled={!!value.requestId}
      >
        <label className={label}>
          Key
          <select
            className={control}
            value={value.keyPrefix}
            disabled={!!value.requestId}
            onChange={(e) => onChange({ keyPrefix: e.target.value })}
          >
            <option value="">All {value.env} keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.prefix}>
                {k.name} · {k.prefix}
                {k.revokedAt ? " (revoked)" : ""}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Status
          <select
            className={control}
            value={value.status}
            disabled={!!value.requestId}
            onChange={(e) => onChange({ status: e.target.value })}
          >
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
            {value.status && !STATUSES.some((s) => s.value === value.status) && (
              <option value={value.status}>Status {value.status}</option>
            )}
          </select>
        </label>
        <label className={label}>
          Endpoint
          <select
            className={control}
            value={value.endpoint}
            disabled={!!value.requestId}
            onChange={(e) => onChange({ endpoint: e.target.value })}
          >
            <option value="">All endpoints</option>
            {endpoints.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Time range
          <select
            className={control}
            value={range}
            disabled={!!value.requestId}
            onChange={(e) => onChange({}, e.target.value)}
          >
            {LOG_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
            {custom && (
              <option value="custom">
                {value.from ? formatDateTime(value.from) : "…"} to{" "}
                {value.to ? formatDateTime(value.to) : "now"}
              </option>
            )}
          </select>
        </label>
      </div>
    </div>
  );
}
