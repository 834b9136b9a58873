/**
 * Wall-clock time in an IANA zone -> UTC instant, using the runtime's ICU data (no tz package).
 * Handles daylight saving: "2024-08-16 20:00" in Europe/London (BST) is 19:00Z.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function offsetMs(instant: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(instant)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** `date` is yyyy-mm-dd, `time` HH:MM (24h). Throws on an unknown zone. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes: the offset at the guessed instant can differ from the one at the answer near a DST switch.
  let utc = wall - offsetMs(wall, timeZone);
  utc = wall - offsetMs(utc, timeZone);
  return new Date(utc);
}

/** yyyy-mm-dd of an instant as seen in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** Adds whole days to a yyyy-mm-dd date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday, for a yyyy-mm-dd date. */
export function weekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** True for a real calendar date in yyyy-mm-dd form ("2024-02-31" is not). */
export function isValidDate(date: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

/** True for a zone name the runtime's ICU data knows ("Europe/London", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An instant as ISO-8601 with the zone's offset: 2022-12-18T15:00:00.000Z in Asia/Qatar is 2022-12-18T18:00:00+03:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const offset = offsetMs(instant.getTime(), timeZone);
  const local = new Date(instant.getTime() + offset).toISOString().slice(0, 19);
  const m = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return `${local}${sign}${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
