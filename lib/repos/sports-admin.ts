/**
 * Operator corrections to sports data (the console's Data page and the admin CLI): point
 * adjustments and team aliases. Each writes in one transaction with its audit event on the
 * operator's account; after an adjustment changed something the caller bumps data_version (the
 * table was rebuilt and its standings.updated changes recorded inside the transaction, as the
 * adjustments importer does). An alias only steers later imports: no /v1 answer changes.
 */
import type { Result } from "../platform/errors";
import { recordAudit, type AuditContext } from "../audit/store";
import type { Db, DbOrTx } from "../platform/db/client";
import { baseKey, suggest, teamKey } from "../importers/team-names";
import { applyAdjustment, type AdjustmentInput } from "../sports/adjustments";
import { normalizeName } from "../sports/normalize";
import { rebuildStandings } from "../sports/standings";

/** Who made the change: the audit row's account and user, and the name written into its detail. */
export interface DataActor extends AuditContext {
  accountId: string;
  userId: string | null;
  /** The operator's email. */
  name: string;
}

export interface AdjustmentChange {
  change: "created" | "updated" | "removed" | "unchanged";
  competition: string;
  edition: { id: number; name: string };
  team: { id: number; name: string };
  /** The team's adjustments in the edition added up, after the change. */
  total: number;
  standingsChanged: number;
}

const signed = (n: number) => `${n > 0 ? "+" : ""}${n}`;

function auditAdjustment(tx: DbOrTx, actor: DataActor, r: AdjustmentChange, points: number, reason: string) {
  return recordAudit(tx, {
    accountId: actor.accountId,
    actorUserId: actor.userId,
    action: "standings.adjusted",
    targetType: "edition",
    targetId: String(r.edition.id),
    detail:
      `${r.team.name} ${signed(points)} (${r.change}, total ${r.total}) in ${r.competition} ${r.edition.name} by ${actor.name}: ${reason}`.slice(
        0,
        500,
      ),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** Records (or corrects, or with 0 points removes) one adjustment and rebuilds the edition's table. */
export async function adjustPoints(
  db: Db,
  input: Omit<AdjustmentInput, "createdBy">,
  actor: DataActor,
): Promise<Result<AdjustmentChange, "NOT_FOUND">> {
  return db.$transaction(async (tx) => {
    const result = await applyAdjustment(tx, { ...input, createdBy: actor.name });
    if (result.status !== "ok") return { ok: false, code: "NOT_FOUND", message: result.message };
    if (result.change !== "unchanged") await auditAdjustment(tx, actor, result, input.points, input.reason);
    return { ok: true, value: result };
  });
}

/** Removes one adjustment by id and rebuilds its edition's table. */
export async function removeAdjustment(
  db: Db,
  id: number,
  actor: DataActor,
): Promise<Result<AdjustmentChange, "NOT_FOUND">> {
  return db.$transaction(async (tx) => {
    const row = await tx.pointAdjustment.findUnique({
      where: { id },
      include: {
        team: { select: { id: true, name: true } },
        edition: { select: { id: true, name: true, competition: { select: { name: true } } } },
      },
    });
    if (!row) return { ok: false, code: "NOT_FOUND", message: `Adjustment ${id} not found` };
    await tx.pointAdjustment.delete({ where: { id } });
    const sum = await tx.pointAdjustment.aggregate({
      where: { editionId: row.editionId, teamId: row.teamId },
      _sum: { points: true },
    });
    const result: AdjustmentChange = {
      change: "removed",
      competition: row.edition.competition.name,
      edition: { id: row.edition.id, name: row.edition.name },
      team: row.team,
      total: sum._sum.points ?? 0,
      standingsChanged: await rebuildStandings(tx, row.editionId),
    };
    await auditAdjustment(tx, actor, result, row.points, row.reason);
    return { ok: true, value: result };
  });
}

/** The newest adjustments with their competition, edition and team, and how many there are. */
export async function listAdjustments(db: Db, take: number) {
  const [items, total] = await Promise.all([
    db.pointAdjustment.findMany({
      orderBy: { id: "desc" },
      take,
      select: {
        id: true,
        points: true,
        reason: true,
        createdBy: true,
        createdAt: true,
        team: { select: { name: true } },
        edition: { select: { name: true, competition: { select: { name: true } } } },
      },
    }),
    db.pointAdjustment.count(),
  ]);
  return { items, total };
}

export interface AliasChange {
  id: number;
  change: "created" | "updated" | "unchanged";
  team: string;
  key: string;
}

/** Makes `alias` (any source's spelling) resolve to the team named `teamName` in later imports. */
export async function addTeamAlias(
  db: Db,
  teamName: string,
  alias: string,
  actor: DataActor,
): Promise<Result<AliasChange, "NOT_FOUND" | "CONFLICT" | "INVALID_PARAMETER">> {
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
      ok: false,
      code: "NOT_FOUND",
      message: `No team "${teamName}"${hints.length ? `; did you mean ${hints.map((h) => `"${h}"`).join(", ")}?` : ""}`,
    };
  }
  const key = baseKey(alias);
  if (!key) return { ok: false, code: "INVALID_PARAMETER", message: "alias: it has no letters or digits" };
  const clash = teams.find(
    (t) => t.id !== team.id && teamKey(t.name, t.country) === teamKey(alias, team.country),
  );
  if (clash)
    return {
      ok: false,
      code: "CONFLICT",
      message: `"${alias}" already names the team "${clash.name}" (id ${clash.id})`,
    };
  return db.$transaction(async (tx) => {
    const old = await tx.teamAlias.findUnique({ where: { key } });
    if (old?.teamId === team.id)
      return { ok: true, value: { id: old.id, change: "unchanged", team: team.name, key } };
    const row = await tx.teamAlias.upsert({
      where: { key },
      create: { key, alias, teamId: team.id, createdBy: actor.name },
      update: { alias, teamId: team.id, createdBy: actor.name },
    });
    await recordAudit(tx, {
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "team.alias_added",
      targetType: "team",
      targetId: String(team.id),
      detail: `"${alias}" -> ${team.name}${old ? ` (was team ${old.teamId})` : ""} by ${actor.name}`.slice(
        0,
        500,
      ),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { ok: true, value: { id: row.id, change: old ? "updated" : "created", team: team.name, key } };
  });
}

/** Removes one operator alias by id: later imports no longer resolve that spelling to the team. */
export async function removeTeamAlias(
  db: Db,
  id: number,
  actor: DataActor,
): Promise<Result<{ alias: string; team: string }, "NOT_FOUND">> {
  return db.$transaction(async (tx) => {
    const row = await tx.teamAlias.findUnique({
      where: { id },
      include: { team: { select: { name: true } } },
    });
    if (!row) return { ok: false, code: "NOT_FOUND", message: `Alias ${id} not found` };
    await tx.teamAlias.delete({ where: { id } });
    await recordAudit(tx, {
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: "team.alias_removed",
      targetType: "team",
      targetId: String(row.teamId),
      detail: `"${row.alias}" -> ${row.team.name} removed by ${actor.name}`.slice(0, 500),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { ok: true, value: { alias: row.alias, team: row.team.name } };
  });
}

/** Operator aliases by spelling; `take` bounds the console's list (the CLI lists them all). */
export async function listTeamAliases(db: Db, take?: number) {
  const [items, total] = await Promise.all([
    db.teamAlias.findMany({
      orderBy: { alias: "asc" },
      take,
      select: { id: true, alias: true, createdBy: true, createdAt: true, team: { select: { name: true } } },
    }),
    db.teamAlias.count(),
  ]);
  return { items, total };
}
