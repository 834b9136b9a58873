import { findUserByEmail } from "../accounts/users";
import { db } from "../platform/db";
import { STATUS_CLASSES } from "./meter";
import { usageTotals } from "./totals";
import { parseFlags, requireFlag, type AdminCommand } from "../cli/args";

export const usageCommands: AdminCommand[] = [
  {
    name: "usage",
    usage: "usage --email <e> [--key <prefix>] [--since <ISO time>] [--json]   (flushed metering totals)",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email").toLowerCase();
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error(`no user ${email}`);
      let since: Date | undefined;
      if (flags.since !== undefined) {
        since = new Date(String(flags.since));
        if (flags.since === true || Number.isNaN(since.getTime()))
          throw new Error("--since must be an ISO date or time, e.g. 2026-11-01T00:00:00Z");
      }
      const keyPrefix = typeof flags.key === "string" ? flags.key : undefined;
      if (flags.key === true) throw new Error("--key needs the key's 16-character prefix");
      const totals = await usageTotals(db, { accountId: user.accountId, keyPrefix, since });
      if (flags.json) {
        console.log(JSON.stringify(totals, null, 2));
        return;
      }
      const quota = totals.month_units_quota === null ? "unlimited" : String(totals.month_units_quota);
      console.log(
        `plan ${totals.plan}: ${totals.month_units_used} of ${quota} units used this month (resets ${totals.month_resets_at})`,
      );
      console.log(
        `requests ${totals.requests}, units ${totals.units}${totals.since ? ` since ${totals.since}` : ""}${totals.key ? ` for ${totals.key}` : ""}`,
      );
      console.log(
        `by status class: ${STATUS_CLASSES.map((c) => `${c} ${totals.by_status_class[c] ?? 0}`).join(", ")}`,
      );
      for (const [endpoint, c] of Object.entries(totals.by_endpoint))
        console.log(`  ${endpoint}\t${c.requests} requests\t${c.units} units`);
      for (const [prefix, c] of Object.entries(totals.by_key))
        console.log(`  ${prefix} (${c.environment})\t${c.requests} requests\t${c.units} units`);
      const f = totals.auth_failures;
      console.log(
        `failed authentications: ${f.total} (invalid secret ${f.invalid_secret}, revoked ${f.revoked})`,
      );
    },
  },
];
