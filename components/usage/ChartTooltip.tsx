"use client";

import type { UsagePoint } from "@/lib/usage/report";
import { formatNumber } from "../ui/format";
import {
  bucketLabel,
  CLASS_COLORS,
  CLASS_LABELS,
  shownClasses,
  UNITS_COLOR,
  type Granularity,
} from "./chartFormat";

interface Props {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
  granularity: Granularity;
  show: "requests" | "units";
}

/** One tooltip for both charts: the bucket's time span, then real numbers per series. */
export function ChartTooltip({ active, payload, granularity, show }: Props) {
  const point = payload?.[0]?.payload as UsagePoint | undefined;
  if (!active || !point) return null;
  const rows =
    show === "units"
      ? [{ label: "Units", color: UNITS_COLOR, value: point.units }]
      : shownClasses(point).map((c) => ({ label: CLASS_LABELS[c], color: CLASS_COLORS[c], value: point[c] }));
  return (
    <div className="min-w-48 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-xs shadow-lg">
      <div className="mb-1.5 font-medium text-slate-900">{bucketLabel(point.start, granularity)}</div>
      <ul className="space-y-1">
        {rows.map((r) => (
          <li key={r.label} className="flex items-center gap-2 text-slate-600">
            <span className="size-2 rounded-sm" style={{ background: r.color }} aria-hidden="true" />
            {r.label}
            <span className="ml-auto pl-4 font-medium tabular-nums text-slate-900">
              {formatNumber(r.value)}
            </span>
          </li>
        ))}
      </ul>
      {show === "requests" && (
        <div className="mt-1.5 flex border-t border-slate-100 pt-1.5 font-medium text-slate-900">
          Total<span className="ml-auto tabular-nums">{formatNumber(point.requests)}</span>
        </div>
      )}
    </div>
  );
}
