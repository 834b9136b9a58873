"use client";

import { useId, useState, type ReactNode } from "react";
import type { UsagePoint, UsageReport } from "@/lib/usage/report";
import { formatCompact } from "../ui/format";
import { ChartTooltip } from "./ChartTooltip";
import { CLASS_COLORS, CLASS_LABELS, shownClasses, tickLabel, UNITS_COLOR } from "./chartFormat";

// The two usage charts in plain markup: bars are boxes with percentage heights, the units line one
// SVG path. They render on the server with the page and need no measuring. A chart library
// (recharts, 110 KiB of script on the wire) loaded with the page on a phone, where the requests
// chart is in the first screen.

/** Four even, round steps (1, 2, 2.5, 3, 4, 5, 6 or 8 × 10^n) reaching just above the largest value. */
export function niceTicks(max: number): number[] {
  const raw = Math.max(1, max / 4);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step =
    [1, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * pow).find((s) => s >= raw && Number.isInteger(s)) ??
    10 * pow;
  return [0, 1, 2, 3, 4].map((i) => i * step);
}

const pct = (n: number) => `${n}%`;

/**
 * The frame both charts share: y-axis ticks and grid lines, the plot (`plot`, drawn from 0 to the
 * top tick), one column per bucket (`column`'s content, stacked from the bottom) that shows the
 * bucket's tooltip on hover, x-axis labels and an optional legend.
 */
function ChartFrame({
  report,
  values,
  label,
  height,
  show,
  legend,
  plot,
  column,
}: {
  report: UsageReport;
  values: number[];
  label: string;
  height: string;
  show: "requests" | "units";
  legend?: { label: string; color: string }[];
  plot?: (top: number) => ReactNode;
  column?: (point: UsagePoint, top: number) => ReactNode;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const ticks = niceTicks(Math.max(0, ...values));
  const top = ticks[ticks.length - 1];
  const n = report.series.length;
  // About six labels whatever the range: 24 hours, 7 or 30 days.
  const every = Math.max(1, Math.ceil(n / 6));
  const point = hover === null ? undefined : report.series[hover];
  return (
    <div className={`${height} flex w-full flex-col`} role="img" aria-label={label}>
      <div className="relative flex min-h-0 flex-1 pt-2" onMouseLeave={() => setHover(null)}>
        <div className="relative w-[52px] shrink-0 text-xs text-slate-500" aria-hidden="true">
          {ticks.map((t) => (
            <span
              key={t}
              className="absolute right-2 translate-y-1/2 tabular-nums"
              style={{ bottom: pct((t / top) * 100) }}
            >
              {formatCompact(t)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1">
          {ticks.map((t) => (
            <div
              key={t}
              className="absolute inset-x-0 border-t border-slate-200"
              style={{ bottom: pct((t / top) * 100) }}
            />
          ))}
          {plot?.(top)}
          <div className="absolute inset-0 flex">
            {report.series.map((p, i) => (
              <div
                key={p.start}
                className={`flex h-full min-w-0 flex-1 flex-col-reverse items-center ${
                  hover === i && column ? "bg-slate-900/5" : ""
                }`}
                onMouseEnter={() => setHover(i)}
              >
                {column?.(p, top)}
              </div>
            ))}
          </div>
          {point && hover !== null && (
            <div
              data-chart-tooltip
              className="pointer-events-none absolute top-0 z-10"
              style={
                hover < n / 2
                  ? { left: pct(((hover + 1) / n) * 100) }
                  : { right: pct(((n - hover) / n) * 100) }
              }
            >
              <ChartTooltip
                active
                payload={[{ payload: point }]}
                granularity={report.granularity}
                show={show}
              />
            </div>
          )}
        </div>
      </div>
      <div className="relative ml-[52px] h-6 text-xs text-slate-500" aria-hidden="true">
        {report.series.map((p, i) =>
          i % every === 0 ? (
            <span
              key={p.start}
              className="absolute top-1.5 -translate-x-1/2 whitespace-nowrap"
              style={{ left: pct(((i + 0.5) / n) * 100) }}
            >
              {tickLabel(p.start, report.granularity)}
            </span>
          ) : null,
        )}
      </div>
      {legend && (
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600">
          {legend.map((l) => (
            <li key={l.label} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ background: l.color }} aria-hidden="true" />
              {l.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Requests per bucket, stacked by status class. */
export function RequestsChart({
  report,
  onBucket,
}: {
  report: UsageReport;
  /** A click on a bar segment: the bucket's start and the segment's status class. */
  onBucket?: (start: string, statusClass: string) => void;
}) {
  const classes = shownClasses(report.totals);
  return (
    <ChartFrame
      report={report}
      values={report.series.map((p) => p.requests)}
      label={`Requests per ${report.granularity}, stacked by status class`}
      height="h-72"
      show="requests"
      legend={classes.map((c) => ({ label: CLASS_LABELS[c], color: CLASS_COLORS[c] }))}
      column={(p, top) =>
        classes.map((c, i) =>
          p[c] > 0 ? (
            <div
              key={c}
              data-bar={c}
              // 18% of each bucket is the gap between bars.
              className={`w-[82%] shrink-0 ${onBucket ? "cursor-pointer" : ""} ${
                classes.slice(i + 1).every((k) => p[k] === 0) ? "rounded-t-[3px]" : ""
              }`}
              style={{ height: pct((p[c] / top) * 100), background: CLASS_COLORS[c] }}
              onClick={() => onBucket?.(p.start, c)}
            />
          ) : null,
        )
      }
    />
  );
}

export function UnitsChart({ report }: { report: UsageReport }) {
  // An id usable in url(#…): React's ids carry characters a CSS url reference may not.
  const gradient = `units${useId().replace(/[^\w-]/g, "")}`;
  const n = report.series.length;
  return (
    <ChartFrame
      report={report}
      values={report.series.map((p) => p.units)}
      label={`Units per ${report.granularity}`}
      height="h-56"
      show="units"
      plot={(top) => {
        // One unit of x per bucket, 0 to 100 in y; the stroke keeps its width when stretched.
        const y = (v: number) => 100 - (v / top) * 100;
        const line = report.series.map((p, i) => `${i ? "L" : "M"}${i + 0.5},${y(p.units)}`).join(" ");
        return (
          <svg
            className="absolute inset-0 h-full w-full overflow-visible"
            viewBox={`0 0 ${n} 100`}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={UNITS_COLOR} stopOpacity={0.3} />
                <stop offset="100%" stopColor={UNITS_COLOR} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <path d={`${line} L${n - 0.5},100 L0.5,100 Z`} fill={`url(#${gradient})`} />
            <path
              d={line}
              fill="none"
              stroke={UNITS_COLOR}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              strokeLinejoin="round"
            />
          </svg>
        );
      }}
    />
  );
}
