import type { MonthUsage } from "@/lib/usage/report";
import { formatNumber } from "../ui/format";

/** The plan's three limits in one line: the sustained rate, the burst (X-RateLimit-Limit) and the units. */
export function planLimitsText(month: Pick<MonthUsage, "ratePerMinute" | "burst" | "quota">): string {
  const rate =
    month.ratePerMinute === null || month.burst === null
      ? "No rate limit"
      : `${formatNumber(month.ratePerMinute)} requests/min per key, bursts of ${formatNumber(month.burst)}`;
  const units = month.quota === null ? "no monthly quota" : `${formatNumber(month.quota)} units/month`;
  return `${rate} · ${units}`;
}

export function PlanLimits({ month }: { month: MonthUsage }) {
  return <span data-testid="plan-limits">{planLimitsText(month)}</span>;
}
