/**
 * Where an openfootball file's kick-off times are local to. A league's zone comes from
 * lib/sports/leagues.ts; a tournament's is its host's (one zone per edition, only where every venue
 * shared it); a time written with its offset ("13:00 UTC-6", the 2018 and 2026 World Cup files)
 * carries its own. Anything else is refused: a guessed zone would shift every kick-off by hours.
 */
import { leagueByCode } from "../sports/leagues";
import { ImportError } from "./errors";

/** Tournament files by openfootball code and edition -> the host's IANA zone. */
const TOURNAMENTS: Record<string, Record<string, string>> = {
  worldcup: { "2006": "Europe/Berlin", "2010": "Africa/Johannesburg", "2022": "Asia/Qatar" },
  euro: { "2008": "Europe/Vienna", "2016": "Europe/Paris", "2024": "Europe/Berlin" },
};

/** The zone the file's local times are in, or null when only times with an offset are usable. */
export function fileTimeZone(code: string, season: string | null): string | null {
  const league = leagueByCode(code);
  if (league) return league.timeZone;
  const year = season ? /^\d{4}/.exec(season)?.[0] : undefined;
  return (year && TOURNAMENTS[code]?.[year]) || null;
}

/** Throws an ImportError naming --timezone: the file's times cannot be placed. */
export function unknownZone(code: string, season: string | null): ImportError {
  const known = Object.entries(TOURNAMENTS)
    .flatMap(([c, years]) => Object.keys(years).map((y) => `${c} ${y}`))
    .join(", ");
  return new ImportError(
    `the time zone of "${code}"${season ? ` ${season}` : ""} is unknown, so its kick-off times cannot be converted to UTC; ` +
      `nothing imported. Pass --timezone <IANA zone> with the zone the file's times are local to ` +
      `(e.g. --timezone Asia/Qatar). Known without it: every league code of lib/sports/leagues.ts and ${known}.`,
  );
}

/** "19:00" -> null; "13:00 UTC-6" / "13:00 UTC+3" -> minutes east of UTC (-360, 180). */
export function timeOffset(time: string): { time: string; offsetMinutes: number | null } {
  const m = /^(\d{1,2}:\d{2})(?:\s*(?:UTC|GMT)\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(time.trim());
  if (!m) return { time, offsetMinutes: null };
  if (!m[2]) return { time: m[1], offsetMinutes: null };
  const minutes = Number(m[3]) * 60 + Number(m[4] ?? 0);
  return { time: m[1], offsetMinutes: m[2] === "-" ? -minutes : minutes };
}
