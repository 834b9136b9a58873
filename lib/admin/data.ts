import { bumpDataVersion } from "../events/data-version";
import { db } from "../db";
import { addTeamAlias, adjustPoints, listTeamAliases } from "../repos/sports-admin";
import { parseFlags, requireFlag, type AdminCommand } from "./args";

export const dataCommands: AdminCommand[] = [
  {
    name: "standings adjust",
    usage:
      'standings adjust --competition <slug|code|name> --edition <name> --team <name> --points <-8|+3|0> --reason "<why>" --by <operator email>   (0 removes that reason\'s adjustment)',
    async run(args) {
      const { flags } = parseFlags(args);
      const raw = requireFlag(flags, "points");
      if (!/^[+-]?\d{1,4}$/.test(raw))
        throw new Error(`--points must be a whole number such as -8, got ${raw}`);
      const result = await adjustPoints(
        db,
        {
          competition: requireFlag(flags, "competition"),
          edition: requireFlag(flags, "edition"),
          team: requireFlag(flags, "team"),
          points: Number(raw),
          reason: requireFlag(flags, "reason"),
        },
        requireFlag(flags, "by"),
      );
      if (result.status !== "ok") throw new Error(result.message);
      if (result.change !== "unchanged") await bumpDataVersion();
      console.log(
        `${result.team.name} in ${result.competition} ${result.edition.name}: adjustment ${result.change}; total ${result.total > 0 ? "+" : ""}${result.total}; standings rows changed: ${result.standingsChanged}`,
      );
    },
  },
  {
    name: "team alias add",
    usage: 'team alias add --team "<existing team>" --alias "<name in a source file>" --by <operator email>',
    async run(args) {
      const { flags } = parseFlags(args);
      const result = await addTeamAlias(
        db,
        requireFlag(flags, "team"),
        requireFlag(flags, "alias"),
        requireFlag(flags, "by"),
      );
      if (result.status !== "ok") throw new Error(result.message);
      console.log(
        `alias "${requireFlag(flags, "alias")}" -> ${result.team} (${result.change}; key "${result.key}")`,
      );
    },
  },
  {
    name: "team alias list",
    usage:
      "team alias list   (operator aliases; the maintained table is lib/importers/aliases/football.json)",
    async run() {
      for (const a of await listTeamAliases(db))
        console.log([a.alias, a.team.name, a.createdBy, a.createdAt.toISOString()].join("\t"));
    },
  },
];
