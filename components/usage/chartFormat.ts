// Axis and tooltip labels for usage charts. Buckets are UTC hours or UTC days, so labels are UTC too.
const hourLabel = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const fullHour = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

export type Granularity = "hour" | "day";

export const tickLabel = (iso: string, g: Granularity) =>
  (g === "hour" ? hourLabel : dayLabel).format(new Date(iso));

export function bucketLabel(iso: string, g: Granularity): string {
  if (g === "day") return `${dayLabel.format(new Date(iso))} (UTC day)`;
  const end = new Date(new Date(iso).getTime() + 3_600_000);
  return `${fullHour.format(new Date(iso))}–${hourLabel.format(end)} UTC`;
}

export const CLASSES = ["2xx", "3xx", "4xx", "429", "5xx"] as const;
export const CLASS_COLORS = {
  "2xx": "#10b981",
  "3xx": "#0ea5e9",
  "4xx": "#f59e0b",
  "429": "#a855f7",
  "5xx": "#ef4444",
} as const;
export const CLASS_LABELS = {
  "2xx": "2xx success",
  "3xx": "3xx redirect",
  "4xx": "4xx client error",
  "429": "429 rate limited",
  "5xx": "5xx server error",
} as const;
/**
 * 2xx, 4xx, 429 and 5xx always, in that order, so the legend and colours never move between ranges
 * or refreshes; 3xx (the API answers GETs only) in its place when it occurred.
 */
export const shownClasses = (totals: Record<(typeof CLASSES)[number], number>) =>
  CLASSES.filter((c) => c !== "3xx" || totals[c] > 0);
export const UNITS_COLOR = "#6366f1";
