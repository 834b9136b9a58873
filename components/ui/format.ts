// Display formatting, fixed to en-US so numbers and dates read the same for every user and test.
const numberFormat = new Intl.NumberFormat("en-US");
const compactFormat = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
// Every time in the dashboard is UTC and says so: usage buckets are UTC hours and days, and the
// server render and the browser then print the same text (no hydration mismatch).
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const preciseFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
// The audit log reads in the viewer's own time zone, named in the text (e.g. "GMT+2").
// The server cannot know that zone: its render, and the browser's hydration of it, print the same
// shape in UTC ("… UTC"), and the viewer's zone follows once the page has hydrated.
const localFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "medium",
});
const utcLocalFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});
const zoneFormat = new Intl.DateTimeFormat("en-US", { timeZoneName: "short" });
const relativeFormat = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

export const formatNumber = (n: number) => numberFormat.format(n);
export const formatCompact = (n: number) =>
  Math.abs(n) < 10_000 ? numberFormat.format(n) : compactFormat.format(n);
export const formatLocalDateTime = (iso: string, utc = false) => {
  const d = new Date(iso);
  if (utc) return `${utcLocalFormat.format(d)} UTC`;
  const zone = zoneFormat.formatToParts(d).find((p) => p.type === "timeZoneName")?.value ?? "";
  return `${localFormat.format(d)} ${zone}`.trim();
};
export const formatDateTime = (iso: string) => `${dateTimeFormat.format(new Date(iso))} UTC`;
/** To the second, for request logs: "Nov 23, 14:03:12 UTC". */
export const formatPreciseTime = (iso: string) => `${preciseFormat.format(new Date(iso))} UTC`;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "5 minutes ago", "yesterday", "just now". */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relativeFormat.format(Math.round(diff / ms), unit);
  }
  return "just now";
}

export const formatPercent = (part: number, whole: number) =>
  whole > 0 ? `${(Math.round((part / whole) * 1000) / 10).toFixed(part === whole ? 0 : 1)}%` : "0%";

/** "12.3 MB", "512 B": decimal units, as the system page shows cache sizes. */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let v = n / 1000;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
