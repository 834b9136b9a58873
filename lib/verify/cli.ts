import { parseFlags, type AdminCommand } from "../cli/args";
import { db } from "../platform/db";
import { bumpDataVersion } from "../events/data-version";
import { driftTable, summary } from "./format";
import { verify } from "./index";

/**
 * `verify [--repair] [--json]`: the drifts as a table (or the report as JSON) on stdout, the
 * summary on stderr; exit status 1 when drifts were found and not repaired.
 */
export const verifyCommands: AdminCommand[] = [
  {
    name: "verify",
    usage:
      "verify [--repair] [--json]   (recompute every derived fact from its base facts: docs/invariants.md; --repair corrects the drifts in one transaction and records the changes)",
    async run(args) {
      const { flags } = parseFlags(args);
      const unknown = Object.keys(flags).filter((f) => f !== "repair" && f !== "json");
      if (unknown.length) throw new Error(`unknown flag --${unknown[0]}; verify takes --repair and --json`);
      const report = await verify(db, { repair: flags.repair === true });
      if (report.repaired) await bumpDataVersion();
      console.log(flags.json ? JSON.stringify(report, null, 2) : driftTable(report.drifts));
      console.error(summary(report));
      if (report.drifts.length && !report.repaired) process.exitCode = 1;
    },
  },
];
