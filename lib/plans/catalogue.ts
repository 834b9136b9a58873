import { z } from "zod";
import { recordAudit, type AuditContext } from "../audit/store";
import { envInt } from "../platform/config";
import { fieldError } from "../platform/errors";
import { db as processDb, type Db } from "../platform/db";
import { logDebug } from "../platform/log";
import * as store from "../operator/store/plans";
import { BUILT_IN, setCatalogue, unitCostsInput, type Plan } from "./index";
import { UNIT_GROUPS, withDefaultCosts, type UnitCosts } from "./unit-groups";
import { perProcess } from "../platform/process-state";

/** The system_state row bumped whenever a plan changes; every instance polls it. */
export const PLANS_VERSION_KEY = "plans_version";

export const PLAN_NAME = /^[a-z][a-z0-9_-]{0,31}$/;
const positive = z.number().int().positive().max(1_000_000_000);

/** A plan as the console and `admin plan set` edit it. */
export const planInput = z
  .strictObject({
    label: z.string().trim().min(1).max(60),
    ratePerMinute: positive.nullable(),
    burst: positive.nullable(),
    monthlyUnits: z.number().int().nonnegative().max(1_000_000_000_000).nullable(),
    /** Units per call by endpoint group; groups left out keep their price (a new plan: the default). */
    unitCosts: unitCostsInput.optional(),
  })
  .refine((p) => (p.ratePerMinute === null) === (p.burst === null), {
    message: "Requests per minute and burst are both set or both unlimited",
    path: ["burst"],
  });
export type PlanInput = z.output<typeof planInput>;

/**
 * The stored prices (a JSON object by group): groups it does not name, and a value that is not a
 * price, read as the default, so a row written before a group existed keeps working.
 */
function storedCosts(json: string): UnitCosts {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const known: Partial<UnitCosts> = {};
  if (raw && typeof raw === "object")
    for (const g of UNIT_GROUPS) {
      const one = unitCostsInput.safeParse({ [g]: (raw as Record<string, unknown>)[g] });
      if (one.success && one.data[g] !== undefined) known[g] = one.data[g];
    }
  return withDefaultCosts(known);
}

const toPlan = (row: Omit<Plan, "unitCosts"> & { unitCosts: string }): Plan => ({
  ...row,
  unitCosts: storedCosts(row.unitCosts),
});

/** The stored catalogue; an empty table (a database older than the catalogue) reads as the built-ins. */
export async function readCatalogue(db: Db): Promise<Plan[]> {
  const rows = (await store.planRows(db)).map(toPlan);
  if (rows.length === 0) return BUILT_IN;
  // The order people know (free, pro, business, …), then added plans by name.
  const rank = (n: string) => {
    const i = BUILT_IN.findIndex((p) => p.name === n);
    return i === -1 ? BUILT_IN.length : i;
  };
  return rows.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Loads the stored catalogue into this process's in-memory copy (lib/plans/index.ts). */
export async function loadCatalogue(db: Db): Promise<void> {
  setCatalogue(await readCatalogue(db));
}

export interface PlanActor extends AuditContext {
  /** The operator's account (the audit row's owner); null from the CLI. */
  accountId: string | null;
  userId: string | null;
  /** Shown in the audit detail: the operator's email or "admin-cli". */
  name: string;
}

const describe = (p: Omit<Plan, "name" | "label">) =>
  `${p.ratePerMinute ?? "unlimited"}/min, burst ${p.burst ?? "unlimited"}, ${p.monthlyUnits ?? "unlimited"} units/month, ` +
  `units per call ${UNIT_GROUPS.map((g) => `${g} ${p.unitCosts[g]}`).join(" ")}`;

/**
 * Creates or changes a plan, bumps the catalogue version (other instances reload within
 * PLAN_POLL_MS) and reloads this process's copy at once.
 */
export async function savePlan(db: Db, name: string, input: PlanInput, actor: PlanActor): Promise<Plan> {
  if (!PLAN_NAME.test(name)) throw fieldError("name", "plan names are lower-case words");
  const saved = await db.$transaction(async (tx) => {
    const stored = await store.planRow(tx, name);
    const before = stored ? toPlan(stored) : null;
    const unitCosts = withDefaultCosts({ ...before?.unitCosts, ...input.unitCosts });
    const data = { ...input, unitCosts: JSON.stringify(unitCosts) };
    const row = toPlan(await store.upsertPlan(tx, name, data));
    const version = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    await store.setStateValue(tx, PLANS_VERSION_KEY, version);
    if (actor.accountId)
      await recordAudit(tx, {
        accountId: actor.accountId,
        actorUserId: actor.userId,
        action: before ? "plan.updated" : "plan.created",
        targetType: "plan",
        targetId: name,
        detail: `${name} by ${actor.name}: ${before ? `${describe(before)} -> ` : ""}${describe(row)}`.slice(
          0,
          500,
        ),
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
    return row;
  });
  await loadCatalogue(db);
  return saved;
}

const watcher = perProcess("planCatalogueWatch", () => ({ timer: null as NodeJS.Timeout | null }));

/**
 * Keeps this process's catalogue current: loads it now, then reads the one-row version every
 * PLAN_POLL_MS (default 2000: an indexed single-row read, ~0.2-0.5 ms per poll, so an edit
 * reaches every instance within ~2 s without a query on any request) and reloads on a change.
 */
export function watchCatalogue(intervalMs = envInt("PLAN_POLL_MS")): void {
  if (watcher.timer) return;
  let last: string | null | undefined;
  const poll = async () => {
    try {
      const version = await store.stateValue(processDb, PLANS_VERSION_KEY);
      if (version !== last) await loadCatalogue(processDb);
      last = version;
    } catch (err) {
      // Database briefly unreachable: keep the catalogue we have.
      logDebug("plan catalogue poll failed", { reason: (err as Error).message });
    }
  };
  void poll();
  watcher.timer = setInterval(poll, intervalMs);
  watcher.timer.unref();
}
