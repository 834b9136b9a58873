import { db } from "../platform/db";
import { bumpDataVersion } from "../events/data-version";
import { parseFlags, type AdminCommand } from "../cli/args";
import { removeDemoData } from "./remove";

export const demoCommands: AdminCommand[] = [
  {
    name: "demo remove",
    usage:
      "demo remove   (deletes the generated demo competitions, teams and persons; imported data stays; the change feed records each deletion)",
    async run(args) {
      parseFlags(args);
      const r = await removeDemoData(db);
      if (r.contests + r.teams + r.persons) await bumpDataVersion();
      console.log(
        `demo data removed: ${r.contests} contests, ${r.teams} teams, ${r.persons} persons (each recorded in the change feed)`,
      );
    },
  },
];
