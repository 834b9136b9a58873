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
import { applyAdjustment, type AdjustmentInput } from "./adjustments";
import { normalizeName } from "./normalize";
import { rebuildStandings } from "./standings";
import { adjustmentTotal, adjustmentWithNames, deleteAdjustmentById } from "./store/adjustments";
import { aliasByKey, aliasWithTeam, deleteAlias, listTeams, upsertAlias } from "./store/teams";

export { listAdjustments } from "./store/adjustments";
export { listTeamAliases } from "./store/teams";

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
    const row = await adjustmentWithNames(tx, id);
    if (!row) return { ok: false, code: "NOT_FOUND", message: `Adjustment ${id} not found` };
    await deleteAdjustmentById(tx, id);
    const result: AdjustmentChange = {
      change: "removed",
      competition: row.edition.competition.name,
      edition: { id: row.edition.id, name: row.edition.name },
      team: row.team,
      total: await adjustmentTotal(tx, row.editionId, row.teamId),
      standingsChanged: await rebuildStandings(tx, row.editionId),
    };
    await auditAdjustment(tx, actor, result, row.points, row.reason);
    return { ok: true, value: result };
  });
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
  const teams = await listTeams(db);
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
    const old = await aliasByKey(tx, key);
    if (old?.teamId === team.id)
      return { ok: true, value: { id: old.id, change: "unchanged", team: team.name, key } };
    const row = await upsertAlias(tx, key, alias, team.id, actor.name);
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
    const row = await aliasWithTeam(tx, id);
    if (!row) return { ok: false, code: "NOT_FOUND", message: `Alias ${id} not found` };
    await deleteAlias(tx, id);
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
