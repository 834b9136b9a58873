import type { Db, DbOrTx } from "../../platform/db";

/** Data access for the plan catalogue (plans) and its version row (system_state). */

const FIELDS = {
  name: true,
  label: true,
  ratePerMinute: true,
  burst: true,
  monthlyUnits: true,
  unitCosts: true,
} as const;

type PlanData = Omit<Parameters<Db["plan"]["create"]>[0]["data"], "name">;

export const planRows = (db: Db) => db.plan.findMany({ select: FIELDS, orderBy: { name: "asc" } });

export const planRow = (db: DbOrTx, name: string) => db.plan.findUnique({ where: { name }, select: FIELDS });

export const upsertPlan = (db: DbOrTx, name: string, data: PlanData) =>
  db.plan.upsert({ where: { name }, create: { name, ...data }, update: data, select: FIELDS });

/** A system_state value, or null. */
export async function stateValue(db: Db, key: string): Promise<string | null> {
  return (await db.systemState.findUnique({ where: { key } }))?.value ?? null;
}

export async function setStateValue(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.systemState.upsert({ where: { key }, create: { key, value }, update: { value } });
}
