import { changePlan, findUserByEmail } from "../accounts";
import { db } from "../db";
import { isPlanName, listPlans } from "../plans";
import { parseFlags, requireFlag, type AdminCommand } from "./args";

const num = (n: number | null) => (n === null ? "unlimited" : n.toLocaleString("en-US"));

export const planCommands: AdminCommand[] = [
  {
    name: "plan list",
    usage: "plan list [--json]",
    async run(args) {
      const plans = listPlans().map(({ name, label, ratePerMinute, burst, monthlyUnits }) => ({
        name,
        label,
        ratePerMinute,
        burst,
        monthlyUnits,
      }));
      if (parseFlags(args).flags.json) {
        console.log(JSON.stringify(plans, null, 2));
        return;
      }
      console.log(["plan", "requests/min/key", "burst", "units/month"].join("\t"));
      for (const p of plans)
        console.log([p.name, num(p.ratePerMinute), num(p.burst), num(p.monthlyUnits)].join("\t"));
    },
  },
  {
    name: "account plan",
    usage:
      "account plan --email <e> --plan <name>   (see `plan list`; running servers pick it up within a second)",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email").toLowerCase();
      const plan = requireFlag(flags, "plan");
      if (!isPlanName(plan))
        throw new Error(
          `unknown plan ${plan}; plans: ${listPlans()
            .map((p) => p.name)
            .join(", ")}`,
        );
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error(`no user ${email}`);
      const before = user.account.plan;
      if (before !== plan) {
        await changePlan(db, user.account.id, before, plan, "admin-cli");
      }
      console.log(`account of ${email}: plan ${before} -> ${plan}`);
    },
  },
];
