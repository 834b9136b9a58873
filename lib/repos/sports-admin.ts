/**
 * Operator corrections to sports data (admin CLI): point adjustments and team aliases. Each
 * writes in one transaction with its audit event; the caller bumps data_version.
 */
import { findOrCreateUser } from "../accounts";
import type { Db } from "../db";
import { baseKey, suggest, teamKey } from "../importers/team-names";
import { applyAdjustment, type AdjustmentInput, type AdjustmentResult } from "../sports/adjustments";
import { normalizeName } from "../sports/normalize";

/** Records an adjustment as `actorEmail`, audited on that operator's account. */
export async function adjustPoints(
  db: Db,
  input: Omit<AdjustmentInput, "createdBy">,
  actorEmail: string,
): Promise<AdjustmentResult> {
  const actor = await findOrCreateUser(db, actorEmail);
  return db.$transaction(async (tx) => {
    const result = await applyAdjustment(tx, { ...input, createdBy: actor.email });
    if (result.status === "ok" && result.change !== "unchanged")
      await tx.auditEvent.create({
        data: {
          accountId: actor.accountId,
          actorUserId: actor.id,
          action: "standings.adjusted",
          targetType: "edition",
          targetId: String(result.edition.id),
          detail:
            `${result.team.name} ${input.points > 0 ? "+" : ""}${input.points} (${result.change}, total ${result.total}) in ${result.competition} ${result.edition.name}: ${input.reason}`.slice(
              0,
              500,
            ),
          ip: "admin-cli",
        },
      });
    return result;
  });
}

export type AliasResult =
  | { status: "ok"; change: "created" | "updated" | "unchanged"; team: string; key: string }
  | { status: "not_found" | "conflict"; message: string };

/** Makes `alias` (any source's spelling) resolve to the team named `teamName` in later imports. */
export async function addTeamAlias(
  db: Db,
  teamName: string,
  alias: string,
  actorEmail: string,
): Promise<AliasResult> {
  const teams = await db.team.findMany({ select: { id: true, name: true, country: true } });
  const team =
    teams.find((t) => t.name === teamName) ??
    teams.find((t) => normalizeName(t.name) === normalizeName(teamName)) ??
    teams.find((t) => teamKey(t.name, t.country) === teamKey(teamName, t.country));
  if (!team) {
    const hints = suggest(
      teamName,
      teams.map((t) => t.name),
    );
    return {
      status: "not_found",
      message: `no team "${teamName}"${hints.length ? `; did you mean ${hints.map((h) => `"${h}"`).join(", ")}?` : ""}`,
    };
  }
  const key = baseKey(alias);
  if (!key) return { status: "conflict", message: "the alias has no letters or digits" };
  const clash = teams.find(
    (t) => t.id !== team.id && teamKey(t.name, t.country) === teamKey(alias, team.country),
  );
  if (clash)
    return {
      status: "conflict",
      message: `"${alias}" already names the team "${clash.name}" (id ${clash.id})`,
    };
  const actor = await findOrCreateUser(db, actorEmail);
  return db.$transaction(async (tx) => {
    const old = await tx.teamAlias.findUnique({ where: { key } });
    if (old?.teamId === team.id)
      return { status: "ok" as const, change: "unchanged" as const, team: team.name, key };
    await tx.teamAlias.upsert({
      where: { key },
      create: { key, alias, teamId: team.id, createdBy: actor.email },
      update: { alias, teamId: team.id, createdBy: actor.email },
    });
    await tx.auditEvent.create({
      data: {
        accountId: actor.accountId,
        actorUserId: actor.id,
        action: "team.alias_added",
        targetType: "team",
        targetId: String(team.id),
        detail: `"${alias}" -> ${team.name}${old ? ` (was team ${old.teamId})` : ""}`.slice(0, 500),
        ip: "admin-cli",
      },
    });
    return {
      status: "ok" as const,
      change: old ? ("updated" as const) : ("created" as const),
      team: team.name,
      key,
    };
  });
}

export function listTeamAliases(db: Db) {
  return db.teamAlias.findMany({ orderBy: { alias: "asc" }, include: { team: { select: { name: true } } } });
}
