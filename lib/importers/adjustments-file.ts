/**
 * Point-adjustments file (docs/data.md): a CSV with the header
 * `competition,edition,team,points,reason`, one deduction or award per row.
 */
import { applyAdjustment, MAX_REASON, type AdjustmentInput } from "../sports/adjustments";
import type { DbOrTx } from "../platform/db/client";
import { parseCsv } from "./csv";
import type { ImportSummary, RowError } from "./types";

export const ADJUSTMENT_COLUMNS = ["competition", "edition", "team", "points", "reason"];

export const isAdjustmentsHeader = (header: string[]) =>
  ADJUSTMENT_COLUMNS.every((c) => header.map((h) => h.toLowerCase()).includes(c));

export interface ParsedAdjustments {
  format: "adjustments";
  rows: Array<Omit<AdjustmentInput, "createdBy"> & { where: string }>;
  errors: RowError[];
}

export function parseAdjustments(text: string): ParsedAdjustments {
  const rows = parseCsv(text);
  const header = rows.shift()?.cells.map((h) => h.trim().toLowerCase()) ?? [];
  const at = (name: string) => header.indexOf(name);
  const out: ParsedAdjustments = { format: "adjustments", rows: [], errors: [] };
  for (const row of rows) {
    if (row.cells.every((c) => c.trim() === "")) continue;
    const where = `line ${row.line}`;
    const get = (c: string) => (row.cells[at(c)] ?? "").trim();
    const problems: string[] = [];
    if (!/^[+-]?\d{1,4}$/.test(get("points")))
      problems.push(`points must be a whole number, got "${get("points")}"`);
    for (const c of ["competition", "edition", "team", "reason"]) if (!get(c)) problems.push(`${c} is empty`);
    if (get("reason").length > MAX_REASON) problems.push(`reason is longer than ${MAX_REASON} characters`);
    if (problems.length) out.errors.push({ where, message: problems.join("; ") });
    else
      out.rows.push({
        where,
        competition: get("competition"),
        edition: get("edition"),
        team: get("team"),
        points: Number(get("points")),
        reason: get("reason"),
      });
  }
  return out;
}

export async function importAdjustments(
  tx: DbOrTx,
  file: string,
  parsed: ParsedAdjustments,
  createdBy: string,
): Promise<ImportSummary> {
  const errors = [...parsed.errors];
  const notes: string[] = [];
  let standingsChanged = 0;
  for (const row of parsed.rows) {
    const result = await applyAdjustment(tx, { ...row, createdBy });
    if (result.status !== "ok") {
      errors.push({ where: row.where, message: result.message });
      continue;
    }
    standingsChanged += result.standingsChanged;
    notes.push(
      `${result.team.name} ${row.points > 0 ? "+" : ""}${row.points} in ${result.competition} ${result.edition.name} (${result.change}; total ${result.total})`,
    );
  }
  return {
    file,
    format: "adjustments",
    competition: "-",
    edition: "-",
    contests: { imported: 0, updated: 0, unchanged: 0 },
    odds: { imported: 0, updated: 0, unchanged: 0 },
    teamsCreated: 0,
    personsCreated: 0,
    standingsChanged,
    skipped: errors.length,
    errors,
    notes,
  };
}
