import { findOrCreateUser, findUserByEmail } from "../accounts/users";
import { db } from "../platform/db";
import { setAccountOperator, setAccountPlan } from "./accounts";
import { reinstateAccount, suspendAccount, type OperatorActor } from "./suspension";
import { loadCatalogue, PLAN_NAME, planInput, readCatalogue, savePlan } from "../plans/catalogue";
import { isPlanName, listPlans } from "../plans";
import { parseFlags, requireFlag, type AdminCommand } from "../cli/args";
import { MAX_UNIT_COST, UNIT_GROUPS, type UnitCosts, type UnitGroup } from "../plans/unit-groups";

const num = (n: number | null) => (n === null ? "unlimited" : n.toLocaleString("en-US"));
const CLI: OperatorActor = { userId: null, name: "admin-cli", ip: "admin-cli" };

/** "unlimited" (or "none") is null; anything else must be a whole number. */
function limit(flags: Record<string, string | true>, name: string, current: number | null): number | null {
  const raw = flags[name];
  if (raw === undefined) return current;
  if (raw === true) throw new Error(`--${name} needs a number or "unlimited"`);
  if (/^(unlimited|none)$/i.test(raw)) return null;
  if (!/^\d+$/.test(raw.replace(/_/g, ""))) throw new Error(`--${name}: a whole number or "unlimited"`);
  return Number(raw.replace(/_/g, ""));
}

/** --costs odds=3,analysis=2: some groups' units per call; the groups left out keep their price. */
export function parseCosts(raw: string | true | undefined): Partial<UnitCosts> | undefined {
  if (raw === undefined) return undefined;
  const usage = `--costs: group=units pairs such as odds=3,analysis=2 (groups: ${UNIT_GROUPS.join(", ")})`;
  if (raw === true) throw new Error(usage);
  const costs: Partial<UnitCosts> = {};
  for (const pair of raw.split(",")) {
    const [group, value, extra] = pair.trim().split("=");
    if (extra !== undefined || !UNIT_GROUPS.includes(group as UnitGroup)) throw new Error(usage);
    if (!/^\d{1,4}$/.test(value ?? "") || Number(value) > MAX_UNIT_COST)
      throw new Error(`--costs ${group}: a whole number of units from 0 to ${MAX_UNIT_COST}`);
    costs[group as UnitGroup] = Number(value);
  }
  return costs;
}

const costsText = (c: UnitCosts) => UNIT_GROUPS.map((g) => `${g}=${c[g]}`).join(",");

async function accountOf(email: string) {
  const user = await findUserByEmail(db, email.toLowerCase());
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** Grants or revokes the operator flag: only operator accounts may mint `ingest` keys. */
async function setOperator(args: string[], operator: boolean): Promise<void> {
  const email = requireFlag(parseFlags(args).flags, "email").toLowerCase();
  // A grant is the first step of an ingest feed's set-up (docs/ingest.md): a new address gets its
  // user and account here, as `key create` would make them.
  if (operator && !(await findUserByEmail(db, email))) {
    await findOrCreateUser(db, email);
    console.log(`created user ${email} with an account of its own`);
  }
  const user = await accountOf(email);
  await setAccountOperator(db, user.account.id, operator, CLI);
  console.log(`account of ${email}: operator ${operator ? "granted" : "revoked"}`);
}

/** The operator's commands: plans, an account's plan, suspension and operator flag. */
export const operatorCommands: AdminCommand[] = [
  {
    name: "plan list",
    usage: "plan list [--json]",
    async run(args) {
      await loadCatalogue(db);
      const plans = listPlans().map(({ name, label, ratePerMinute, burst, monthlyUnits, unitCosts }) => ({
        name,
        label,
        ratePerMinute,
        burst,
        monthlyUnits,
        unitCosts,
      }));
      if (parseFlags(args).flags.json) {
        console.log(JSON.stringify(plans, null, 2));
        return;
      }
      console.log(["plan", "requests/min/key", "burst", "units/month", "units per call"].join("\t"));
      for (const p of plans)
        console.log(
          [p.name, num(p.ratePerMinute), num(p.burst), num(p.monthlyUnits), costsText(p.unitCosts)].join(
            "\t",
          ),
        );
    },
  },
  {
    name: "plan set",
    usage: `plan set <name> [--label <text>] [--rate <per min>|unlimited] [--burst <n>|unlimited] [--units <per month>|unlimited] [--costs odds=5,reference=1,...]   (creates or edits; groups: ${UNIT_GROUPS.join(", ")}; running servers apply it within PLAN_POLL_MS)`,
    async run(args) {
      const { flags, positional } = parseFlags(args);
      const name = positional[0] ?? "";
      if (!PLAN_NAME.test(name)) throw new Error("plan set <name>: a lower-case word (a-z, 0-9, _ or -)");
      const current = (await readCatalogue(db)).find((p) => p.name === name);
      const label = typeof flags.label === "string" ? flags.label : (current?.label ?? name);
      const parsed = planInput.safeParse({
        label,
        ratePerMinute: limit(flags, "rate", current?.ratePerMinute ?? null),
        burst: limit(flags, "burst", current?.burst ?? null),
        monthlyUnits: limit(flags, "units", current?.monthlyUnits ?? null),
        unitCosts: parseCosts(flags.costs),
      });
      if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join("; "));
      const saved = await savePlan(db, name, parsed.data, {
        accountId: null,
        userId: null,
        name: "admin-cli",
      });
      console.log(
        `plan ${saved.name}: ${num(saved.ratePerMinute)}/min, burst ${num(saved.burst)}, ${num(saved.monthlyUnits)} units/month, units per call ${costsText(saved.unitCosts)}`,
      );
    },
  },
  {
    name: "account plan",
    usage:
      "account plan --email <e> --plan <name>   (see `plan list`; every instance applies it within the revocation bound)",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email").toLowerCase();
      const plan = requireFlag(flags, "plan");
      await loadCatalogue(db);
      if (!isPlanName(plan))
        throw new Error(
          `unknown plan ${plan}; plans: ${listPlans()
            .map((p) => p.name)
            .join(", ")}`,
        );
      const user = await accountOf(email);
      const result = await setAccountPlan(db, user.account.id, plan, CLI);
      if (!result.ok) throw new Error(`no account for ${email}`);
      console.log(`account of ${email}: plan ${result.from} -> ${plan}`);
    },
  },
  {
    name: "account suspend",
    usage: 'account suspend --email <e> --reason "<why>"   (its keys answer 401 within the revocation bound)',
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email");
      const reason = requireFlag(flags, "reason");
      const user = await accountOf(email);
      const result = await suspendAccount(db, user.account.id, reason, CLI);
      if (!result.ok) throw new Error(`no account for ${email}`);
      console.log(`account of ${email}: ${result.changed ? "suspended" : "already suspended"}`);
    },
  },
  {
    name: "account reinstate",
    usage: "account reinstate --email <e>",
    async run(args) {
      const email = requireFlag(parseFlags(args).flags, "email");
      const user = await accountOf(email);
      const result = await reinstateAccount(db, user.account.id, CLI);
      if (!result.ok) throw new Error(`no account for ${email}`);
      console.log(`account of ${email}: ${result.changed ? "reinstated" : "was not suspended"}`);
    },
  },
  {
    name: "operator grant",
    usage: "operator grant --email <e>   (the account may mint keys with the ingest scope)",
    run: (args) => setOperator(args, true),
  },
  {
    name: "operator revoke",
    usage: "operator revoke --email <e>   (existing ingest keys keep working until revoked)",
    run: (args) => setOperator(args, false),
  },
];
