import type { MonthUsage } from "@/lib/dashboard/types";
import { formatNumber, formatPercent } from "../ui/format";

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Units used this UTC month against the plan's quota, as a labelled meter. */
export function QuotaMeter({ month }: { month: MonthUsage }) {
  const share = month.quota ? month.units / month.quota : 0;
  const tone = share >= 1 ? "bg-red-500" : share >= 0.8 ? "bg-amber-500" : "bg-emerald-500";
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-2xl font-semibold tabular-nums tracking-tight text-slate-900">
          {formatNumber(month.units)}
          <span className="text-sm font-normal text-slate-500">
            {" "}
            / {month.quota === null ? "unlimited" : formatNumber(month.quota)} units
          </span>
        </p>
        {month.quota !== null && <span className="text-sm font-medium tabular-nums text-slate-600">{formatPercent(month.units, month.quota)}</span>}
      </div>
      {month.quota !== null && (
        <div
          role="meter"
          aria-label="Units used this month"
          aria-valuemin={0}
          aria-valuemax={month.quota}
          aria-valuenow={Math.min(month.units, month.quota)}
          aria-valuetext={`${formatNumber(month.units)} of ${formatNumber(month.quota)} units`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.min(100, Math.max(share > 0 ? 1 : 0, share * 100))}%` }} />
        </div>
      )}
      <p className="mt-2 text-xs text-slate-500">
        {monthName.format(new Date(month.start))} · <span className="capitalize">{month.plan}</span> plan ·{" "}
        {formatNumber(month.requests)} requests
      </p>
    </div>
  );
}
