import { z } from "zod";
import { envStrOpt } from "../platform/config";
import { perProcess } from "../platform/process-state";
import {
  DEFAULT_UNIT_COSTS,
  MAX_UNIT_COST,
  UNIT_GROUPS,
  withDefaultCosts,
  type UnitCosts,
  type UnitGroup,
} from "./unit-groups";

/**
 * Account plans: per-key request rate, burst, the monthly unit quota per account and the units a
 * call of each endpoint group costs.
 * Numbers follow the usual shape of data APIs (Stripe, API-Football, The Odds API): a free tier
 * that is enough to build against, paid tiers 10x and 50x that, and `unlimited` for internal
 * services and the benchmark (still metered). See docs/usage.md.
 */
export interface Plan {
  name: string;
  label: string;
  /** Sustained requests per minute per key; null = no rate limit. */
  ratePerMinute: number | null;
  /** Requests a key may send at once from an idle state (bucket capacity). */
  burst: number | null;
  /** Units per account per calendar month (UTC); null = no quota. */
  monthlyUnits: number | null;
  /** Units per successful call, by endpoint group. */
  unitCosts: UnitCosts;
}

/** A plan's limiter rule, precomputed: one request per intervalMs sustained, `burst` at once. */
export interface RateRule {
  burst: number;
  intervalMs: number;
}

export interface ResolvedPlan extends Plan {
  rule: RateRule | null;
}

export const DEFAULT_PLAN = "free";

const costs = () => ({ ...DEFAULT_UNIT_COSTS });
export const BUILT_IN: Plan[] = [
  { name: "free", label: "Free", ratePerMinute: 60, burst: 20, monthlyUnits: 10_000, unitCosts: costs() },
  { name: "pro", label: "Pro", ratePerMinute: 600, burst: 100, monthlyUnits: 500_000, unitCosts: costs() },
  {
    name: "business",
    label: "Business",
    ratePerMinute: 3_000,
    burst: 500,
    monthlyUnits: 5_000_000,
    unitCosts: costs(),
  },
  {
    name: "unlimited",
    label: "Unlimited (internal)",
    ratePerMinute: null,
    burst: null,
    monthlyUnits: null,
    unitCosts: costs(),
  },
];

const positive = z.number().int().positive();
/** Some groups' prices; the rest keep theirs. */
export const unitCostsInput = z.partialRecord(
  z.enum(UNIT_GROUPS),
  z.number().int().nonnegative().max(MAX_UNIT_COST),
);
const Override = z.strictObject({
  label: z.string().min(1).max(60).optional(),
  ratePerMinute: positive.nullable().optional(),
  burst: positive.nullable().optional(),
  monthlyUnits: z.number().int().nonnegative().nullable().optional(),
  unitCosts: unitCostsInput.optional(),
});
const Overrides = z.record(
  z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, "plan names are lower-case words"),
  Override,
);

/**
 * STATLINE_PLANS (JSON) changes plan numbers or adds plans without a code change, e.g.
 * {"free":{"ratePerMinute":30,"burst":10},"team":{"ratePerMinute":1200,"burst":200,"monthlyUnits":2000000,"unitCosts":{"odds":3}}}.
 * An invalid value stops the process at start-up with a clear message instead of guessing.
 */
type Override = z.infer<typeof Override>;
function parseOverrides(raw: string | undefined): Record<string, Override> {
  if (!raw?.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error("STATLINE_PLANS is not valid JSON");
  }
  const parsed = Overrides.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `STATLINE_PLANS is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}

function resolve(plan: Plan): ResolvedPlan {
  if ((plan.ratePerMinute === null) !== (plan.burst === null)) {
    throw new Error(`plan ${plan.name}: ratePerMinute and burst must both be set or both be null`);
  }
  const rule =
    plan.ratePerMinute === null || plan.burst === null
      ? null
      : { burst: plan.burst, intervalMs: 60_000 / plan.ratePerMinute };
  return { ...plan, rule };
}

/**
 * The plan table for a base catalogue (the built-ins, or the `plans` table once loaded) plus a
 * STATLINE_PLANS value, whose overrides win; throws on an invalid value.
 */
export function buildPlans(raw: string | undefined, base: Plan[] = BUILT_IN): Map<string, ResolvedPlan> {
  const plans = new Map<string, ResolvedPlan>();
  const overrides = parseOverrides(raw);
  const merged = (p: Plan, o: Override | undefined): Plan => ({
    ...p,
    ...o,
    unitCosts: withDefaultCosts({ ...p.unitCosts, ...o?.unitCosts }),
  });
  for (const p of base) plans.set(p.name, resolve(merged(p, overrides[p.name])));
  for (const [name, o] of Object.entries(overrides)) {
    if (plans.has(name)) continue;
    const plan: Plan = {
      name,
      label: o.label ?? name,
      ratePerMinute: o.ratePerMinute ?? null,
      burst: o.burst ?? null,
      monthlyUnits: o.monthlyUnits ?? null,
      unitCosts: withDefaultCosts(o.unitCosts),
    };
    plans.set(name, resolve(plan));
  }
  if (!plans.has(DEFAULT_PLAN)) {
    const free = BUILT_IN.find((p) => p.name === DEFAULT_PLAN)!;
    plans.set(DEFAULT_PLAN, resolve(merged(free, overrides[DEFAULT_PLAN])));
  }
  return plans;
}

/**
 * The in-memory catalogue every request reads (no query on the /v1 path). It starts as the
 * built-ins; lib/plans/catalogue.ts replaces it with the `plans` table at start-up and whenever the
 * catalogue version changes. One copy per process (lib/platform/process-state.ts): Next's bundle and the
 * lean server read the same map.
 */
const state = perProcess("planCatalogue", () => ({
  plans: buildPlans(envStrOpt("STATLINE_PLANS")),
}));

/** Replaces the in-memory catalogue with these plans (STATLINE_PLANS still applied on top). */
export function setCatalogue(base: Plan[]): void {
  state.plans = buildPlans(envStrOpt("STATLINE_PLANS"), base);
}

export function listPlans(): ResolvedPlan[] {
  return [...state.plans.values()];
}

export function isPlanName(name: string): boolean {
  return state.plans.has(name);
}

/** The plan for an account's stored plan name; an unknown name (hand-edited row) gets the free plan. */
export function planFor(name: string): ResolvedPlan {
  return state.plans.get(name) ?? state.plans.get(DEFAULT_PLAN)!;
}

/** What a successful call of this group costs on this plan; a route without a group (public) costs 0. */
export function unitCost(planName: string, group: UnitGroup | null): number {
  return group === null ? 0 : planFor(planName).unitCosts[group];
}
