import type { UsageRow } from "./meter";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export type Rollup = UsageRow & { period: "hour" | "day" };

/** The batch's minute rows summed per UTC hour and day (UsageRollup), unique per database key. */
export function rollupsOf(rows: UsageRow[]): Rollup[] {
  const out = new Map<string, Rollup>();
  for (const r of rows) {
    for (const [period, step] of [
      ["hour", HOUR],
      ["day", DAY],
    ] as const) {
      const start = r.minute - (r.minute % step);
      const id = `${r.apiKeyId}\n${period}\n${start}\n${r.endpoint}\n${r.statusClass}`;
      const prev = out.get(id);
      if (prev) {
        prev.requests += r.requests;
        prev.units += r.units;
      } else out.set(id, { ...r, period, minute: start });
    }
  }
  return [...out.values()];
}
