/**
 * The console's corrections to sports data: point adjustments and team aliases, with the input
 * rules of the console's forms. An adjustment that changed something is followed by the
 * data-changed signal, as after the adjustments importer (lib/operator/import.ts): every instance
 * drops its cached /v1 responses and live streams wake for the standings.updated changes.
 */
import { z } from "zod";
import type { Result } from "../platform/errors";
import type { CurrentUser } from "../auth/session";
import type { Db } from "../platform/db";
import { bumpDataVersion } from "../events/data-version";
import { adjustPoints, removeAdjustment, type AdjustmentChange, type DataActor } from "../repos/sports-admin";
import { MAX_REASON } from "../sports/adjustments";
import { operatorActor } from "./access";

const text = (max: number) => z.string().trim().min(1, "is required").max(max, `at most ${max} characters`);

export const MAX_POINTS = 9999;

export const adjustmentInput = z.strictObject({
  competition: text(100),
  edition: text(40),
  team: text(100),
  points: z
    .number("must be a whole number")
    .int("must be a whole number")
    .min(-MAX_POINTS, `at least -${MAX_POINTS}`)
    .max(MAX_POINTS, `at most ${MAX_POINTS}`)
    .refine((n) => n !== 0, "must not be 0 (remove the adjustment instead)"),
  reason: text(MAX_REASON),
});

export const aliasInput = z.strictObject({ team: text(100), alias: text(100) });

/** A path's `{id}`: a positive 32-bit integer, else null (answered as not found). */
export function rowId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The operator as the audit actor of a data change (the audit row goes to their own account). */
export const dataActor = (user: CurrentUser, request: Request): DataActor => ({
  accountId: user.accountId,
  ...operatorActor(user, request),
});

async function signalled(
  verdict: Result<AdjustmentChange, "NOT_FOUND">,
): Promise<Result<AdjustmentChange, "NOT_FOUND">> {
  if (verdict.ok && verdict.value.change !== "unchanged") await bumpDataVersion();
  return verdict;
}

export async function recordAdjustment(db: Db, input: z.output<typeof adjustmentInput>, actor: DataActor) {
  return signalled(await adjustPoints(db, input, actor));
}

export async function deleteAdjustment(db: Db, id: number, actor: DataActor) {
  return signalled(await removeAdjustment(db, id, actor));
}
