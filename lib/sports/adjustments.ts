/**
 * Point adjustments (deductions and awards) per team and edition. Shared by the admin CLI
 * (`standings adjust`) and the adjustments file importer; the caller owns the transaction and
 * bumps data_version afterwards so cached /v1/standings responses are dropped.
 */
import { suggest, teamKey } from "../importers/team-names";
import type { DbOrTx } from "../platform/db/client";
import { normalizeName } from "./normalize";
import { rebuildStandings } from "./standings";
import {
  adjustmentTotal,
  createAdjustment,
  deleteAdjustment,
  editionTeams,
  findAdjustment,
  updateAdjustment,
} from "./store/adjustments";
import { competitionBySlugOrCode, editionByName, editionNames, listCompetitions } from "./store/competitions";

export interface AdjustmentInput {
  /** Competition slug, code ("en.1") or name. */
  competition: string;
  edition: string;
  /** Team name as any source spells it ("Everton", "Everton FC"). */
  team: string;
  /** Negative for a deduction; 0 removes the adjustment with this reason. */
  points: number;
  reason: string;
  createdBy: string;
}

export type AdjustmentResult =
  | {
      status: "ok";
      change: "created" | "updated" | "removed" | "unchanged";
      competition: string;
      edition: { id: number; name: string };
      team: { id: number; name: string };
      total: number;
      standingsChanged: number;
    }
  | { status: "not_found"; message: string };

export const MAX_REASON = 300;

async function findEdition(db: DbOrTx, competition: string, edition: string) {
  const wanted = competition.trim();
  const comp =
    (await competitionBySlugOrCode(db, wanted)) ??
    (await listCompetitions(db)).find((c) => normalizeName(c.name) === normalizeName(wanted));
  if (!comp) return { error: `no competition "${competition}" (give its slug, code such as en.1, or name)` };
  const ed = await editionByName(db, comp.id, edition.trim());
  if (!ed) {
    const names = await editionNames(db, comp.id);
    return { error: `${comp.name} has no edition "${edition}" (editions: ${names.join(", ") || "none"})` };
  }
  return { comp, ed };
}

/** Records (or corrects, or with 0 points removes) one adjustment and rebuilds the edition's table. */
export async function applyAdjustment(db: DbOrTx, input: AdjustmentInput): Promise<AdjustmentResult> {
  const found = await findEdition(db, input.competition, input.edition);
  if ("error" in found) return { status: "not_found", message: found.error! };
  const { comp, ed } = found;
  const teams = await editionTeams(db, ed.id);
  const key = teamKey(input.team, comp.country);
  const team = teams.find((t) => teamKey(t.name, t.country) === key);
  if (!team) {
    const hints = suggest(
      input.team,
      teams.map((t) => t.name),
    );
    return {
      status: "not_found",
      message: `no team "${input.team}" in ${comp.name} ${ed.name}${hints.length ? `; did you mean ${hints.map((h) => `"${h}"`).join(", ")}?` : ""}`,
    };
  }
  const reason = input.reason.trim().slice(0, MAX_REASON);
  const adj = { editionId: ed.id, teamId: team.id, reason };
  const old = await findAdjustment(db, adj);
  let change: "created" | "updated" | "removed" | "unchanged" = "unchanged";
  if (input.points === 0) {
    if (old) {
      await deleteAdjustment(db, adj);
      change = "removed";
    }
  } else if (!old) {
    await createAdjustment(db, adj, input.points, input.createdBy);
    change = "created";
  } else if (old.points !== input.points) {
    await updateAdjustment(db, adj, input.points, input.createdBy);
    change = "updated";
  }
  const total = await adjustmentTotal(db, ed.id, team.id);
  const standingsChanged = change === "unchanged" ? 0 : await rebuildStandings(db, ed.id);
  return {
    status: "ok",
    change,
    competition: comp.name,
    edition: { id: ed.id, name: ed.name },
    team: { id: team.id, name: team.name },
    total,
    standingsChanged,
  };
}
