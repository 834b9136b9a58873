"use client";

import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { UsageReport } from "@/lib/usage/report";
import { formatCompact } from "../ui/format";
import { ChartTooltip } from "./ChartTooltip";
import { CLASS_COLORS, CLASS_LABELS, shownClasses, tickLabel, UNITS_COLOR } from "./chartFormat";

const axis = { stroke: "#94a3b8", fontSize: 12, tickLine: false, axisLine: false } as const;

function xAxisProps(report: UsageReport) {
  return {
    dataKey: "start",
    tickFormatter: (v: string) => tickLabel(v, report.granularity),
    // 24 hourly or 30 daily buckets: every bucket gets a bar, only some get a label.
    interval: "preserveStartEnd" as const,
    minTickGap: 24,
    ...axis,
  };
}

/** Four even, round steps (1, 2, 2.5, 3, 4, 5, 6 or 8 × 10^n) reaching just above the largest value. */
export function niceTicks(max: number): number[] {
  const raw = Math.max(1, max / 4);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step =
    [1, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * pow).find((s) => s >= raw && Number.isInteger(s)) ??
    10 * pow;
  return [0, 1, 2, 3, 4].map((i) => i * step);
}

function yAxisProps(values: number[]) {
  const ticks = niceTicks(Math.max(0, ...values));
  return {
    ...axis,
    width: 52,
    ticks,
    domain: [0, ticks[ticks.length - 1]],
    interval: 0 as const,
    tickFormatter: (v: number) => formatCompact(v),
  };
}

const legendText = (value: string) => <span className="text-slate-600">{value}</span>;

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
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Requests per ${report.granularity}, stacked by status class`}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 288 }}>
        <BarChart data={report.series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barCategoryGap="18%">
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis {...xAxisProps(report)} />
          <YAxis {...yAxisProps(report.series.map((p) => p.requests))} />
          <Tooltip
            cursor={{ fill: "#f1f5f9" }}
            content={(p) => <ChartTooltip {...p} granularity={report.granularity} show="requests" />}
          />
          <Legend
            iconType="square"
            iconSize={10}
            wrapperStyle={{ fontSize: 12, paddingTop: 8 }}
            formatter={legendText}
            itemSorter={null}
          />
          {classes.map((c, i) => (
            <Bar
              key={c}
              dataKey={c}
              name={CLASS_LABELS[c]}
              stackId="requests"
              fill={CLASS_COLORS[c]}
              radius={i === classes.length - 1 ? [3, 3, 0, 0] : 0}
              isAnimationActive={false}
              cursor={onBucket ? "pointer" : undefined}
              onClick={(bar: { payload?: { start?: string } }) => {
                if (bar.payload?.start) onBucket?.(bar.payload.start, c);
              }}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function UnitsChart({ report }: { report: UsageReport }) {
  return (
    <div className="h-56 w-full" role="img" aria-label={`Units per ${report.granularity}`}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 500, height: 224 }}>
        <AreaChart data={report.series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="unitsFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={UNITS_COLOR} stopOpacity={0.3} />
              <stop offset="100%" stopColor={UNITS_COLOR} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis {...xAxisProps(report)} padding={{ left: 12, right: 12 }} />
          <YAxis {...yAxisProps(report.series.map((p) => p.units))} />
          <Tooltip content={(p) => <ChartTooltip {...p} granularity={report.granularity} show="units" />} />
          <Area
            type="monotone"
            dataKey="units"
            name="Units"
            stroke={UNITS_COLOR}
            strokeWidth={2}
            fill="url(#unitsFill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
