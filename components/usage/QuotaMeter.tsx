import type { MonthUsage } from "@/lib/usage/report";
import { formatNumber, formatPercent } from "../ui/format";

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const dayName = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** Units by the end of the month at the pace so far; null in the first days, when it means little. */
function projection(month: MonthUsage, now: number): { units: number; resets: Date } {
  const start = new Date(month.start);
  const resets = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const elapsed = (now - start.getTime()) / (resets.getTime() - start.getTime());
  return { units: elapsed >= 0.1 ? Math.round(month.units / elapsed) : -1, resets };
}

/**
 * Units used this UTC month against the plan's quota, as a labelled meter; `detailed` (the time
 * the pace is measured at, useNow) adds the reset day, the limits and the month's pace.
 */
export function QuotaMeter({ month, detailed }: { month: MonthUsage; detailed?: { now: number } }) {
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
        {month.quota !== null && (
          <span className="text-sm font-medium tabular-nums text-slate-600">
            {formatPercent(month.units, month.quota)}
          </span>
        )}
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
          <div
            className={`h-full rounded-full ${tone}`}
            style={{ width: `${Math.min(100, Math.max(share > 0 ? 1 : 0, share * 100))}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-xs text-slate-500">
        {monthName.format(new Date(month.start))} · {month.planLabel} plan · {formatNumber(month.requests)}{" "}
        requests
      </p>
      {detailed && <QuotaDetails month={month} now={detailed.now} />}
    </div>
  );
}

function QuotaDetails({ month, now }: { month: MonthUsage; now: number }) {
  const { units, resets } = projection(month, now);
  const over = month.quota !== null && units > month.quota;
  return (
    <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">Resets</dt>
        <dd className="text-slate-800">{dayName.format(resets)}, 00:00 UTC</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">Rate limit</dt>
        <dd className="text-right tabular-nums text-slate-800" data-testid="rate-limit">
          {month.ratePerMinute === null
            ? "No limit"
            : `${formatNumber(month.ratePerMinute)} requests/min per key`}
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">
          Burst <span className="text-xs">(X-RateLimit-Limit)</span>
        </dt>
        <dd className="tabular-nums text-slate-800">
          {month.burst === null ? "No limit" : `${formatNumber(month.burst)} requests`}
        </dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-slate-500">Remaining</dt>
        <dd className="tabular-nums text-slate-800">
          {month.quota === null
            ? "No limit"
            : `${formatNumber(Math.max(0, month.quota - month.units))} units`}
        </dd>
      </div>
      {units >= 0 && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-500">On pace for</dt>
          <dd className={`tabular-nums ${over ? "font-medium text-amber-700" : "text-slate-800"}`}>
            ~{formatNumber(units)} units{over ? " (over quota)" : ""}
          </dd>
        </div>
      )}
    </dl>
  );
}
