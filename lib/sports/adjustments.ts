/**
 * Point adjustments (deductions and awards) per team and edition. Shared by the admin CLI
 * (`standings adjust`) and the adjustments file importer; the caller owns the transaction and
 * bumps data_version afterwards so cached /v1/standings responses are dropped.
 */
import { suggest, teamKey } from "../importers/team-names";
import type { DbOrTx } from "../db/client";
import { normalizeName } from "./normalize";
import { rebuildStandings } from "./standings";

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
    (await db.competition.findFirst({ where: { OR: [{ slug: wanted }, { code: wanted.toLowerCase() }] } })) ??
    (await db.competition.findMany()).find((c) => normalizeName(c.name) === normalizeName(wanted));
  if (!comp) return { error: `no competition "${competition}" (give its slug, code such as en.1, or name)` };
  const ed = await db.edition.findUnique({
    where: { competitionId_name: { competitionId: comp.id, name: edition.trim() } },
  });
  if (!ed) {
    const names = (
      await db.edition.findMany({ where: { competitionId: comp.id }, select: { name: true } })
    ).map((e) => e.name);
    return { error: `${comp.name} has no edition "${edition}" (editions: ${names.join(", ") || "none"})` };
  }
  return { comp, ed };
}

/** Records (or corrects, or with 0 points removes) one adjustment and rebuilds the edition's table. */
export async function applyAdjustment(db: DbOrTx, input: AdjustmentInput): Promise<AdjustmentResult> {
  const found = await findEdition(db, input.competition, input.edition);
  if ("error" in found) return { status: "not_found", message: found.error! };
  const { comp, ed } = found;
  const teams = await db.team.findMany({
    where: { participants: { some: { contest: { editionId: ed.id } } } },
    select: { id: true, name: true, country: true },
  });
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
  const where = { editionId_teamId_reason: { editionId: ed.id, teamId: team.id, reason } };
  const old = await db.pointAdjustment.findUnique({ where });
  let change: "created" | "updated" | "removed" | "unchanged" = "unchanged";
  if (input.points === 0) {
    if (old) {
      await db.pointAdjustment.delete({ where });
      change = "removed";
    }
  } else if (!old) {
    await db.pointAdjustment.create({
      data: { editionId: ed.id, teamId: team.id, points: input.points, reason, createdBy: input.createdBy },
    });
    change = "created";
  } else if (old.points !== input.points) {
    await db.pointAdjustment.update({ where, data: { points: input.points, createdBy: input.createdBy } });
    change = "updated";
  }
  const total = (
    await db.pointAdjustment.aggregate({
      where: { editionId: ed.id, teamId: team.id },
      _sum: { points: true },
    })
  )._sum.points;
  const standingsChanged = change === "unchanged" ? 0 : await rebuildStandings(db, ed.id);
  return {
    status: "ok",
    change,
    competition: comp.name,
    edition: { id: ed.id, name: ed.name },
    team: { id: team.id, name: team.name },
    total: total ?? 0,
    standingsChanged,
  };
}
