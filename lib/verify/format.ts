import type { Drift, VerifyReport } from "./types";

const cell = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "null"));

/** The drifts as an aligned text table (entity, id, field, stored, expected). */
export function driftTable(drifts: Drift[]): string {
  if (!drifts.length) return "no drift";
  const rows = [
    ["entity", "id", "field", "stored", "expected"],
    ...drifts.map((d) => [d.entity, d.id, d.field, cell(d.stored), cell(d.expected)]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The report's one-line summary. */
export function summary(r: VerifyReport): string {
  const { contests, editions, standings, seasonStats, oddsSnapshots } = r.checked;
  const what = `${contests} contests, ${editions} editions, ${standings} standing rows, ${seasonStats} season totals, ${oddsSnapshots} odds snapshots checked`;
  if (!r.drifts.length) return `${what}: no drift`;
  return r.repaired
    ? `${what}: ${r.drifts.length} drift(s) repaired, ${r.changes} change(s) recorded`
    : `${what}: ${r.drifts.length} drift(s); run with --repair to correct them`;
}
