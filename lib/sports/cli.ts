import { findOrCreateUser } from "../accounts/users";
import { bumpDataVersion } from "../events/data-version";
import { db } from "../platform/db";
import { addTeamAlias, adjustPoints, listTeamAliases, type DataActor } from "../repos/sports-admin";
import { parseFlags, requireFlag, type AdminCommand } from "../cli/args";
import { listConflicts } from "./conflicts";

/** --by <operator email>: the audit event goes to that user's account (made if it does not exist). */
async function cliActor(email: string): Promise<DataActor> {
  const user = await findOrCreateUser(db, email);
  return { accountId: user.accountId, userId: user.id, name: user.email, ip: "admin-cli" };
}

export const dataCommands: AdminCommand[] = [
  {
    name: "data conflicts",
    usage:
      "data conflicts [--json]   (each fact two sources give differently for one contest: match, field, value per source, the source kept)",
    async run(args) {
      const { flags } = parseFlags(args);
      const conflicts = await listConflicts(db);
      if (flags.json !== undefined) {
        console.log(JSON.stringify(conflicts, null, 2));
        return;
      }
      for (const c of conflicts)
        console.log(
          [
            c.date,
            c.match,
            c.competition,
            c.field,
            Object.entries(c.values)
              .map(([s, v]) => `${s}: ${v}`)
              .join("; "),
            `kept: ${c.kept}`,
          ].join("\t"),
        );
      console.log(`${conflicts.length} disagreement(s)`);
    },
  },
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
        await cliActor(requireFlag(flags, "by")),
      );
      if (!result.ok) throw new Error(result.message);
      const r = result.value;
      if (r.change !== "unchanged") await bumpDataVersion();
      console.log(
        `${r.team.name} in ${r.competition} ${r.edition.name}: adjustment ${r.change}; total ${r.total > 0 ? "+" : ""}${r.total}; standings rows changed: ${r.standingsChanged}`,
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
        await cliActor(requireFlag(flags, "by")),
      );
      if (!result.ok) throw new Error(result.message);
      console.log(
        `alias "${requireFlag(flags, "alias")}" -> ${result.value.team} (${result.value.change}; key "${result.value.key}")`,
      );
    },
  },
  {
    name: "team alias list",
    usage:
      "team alias list   (operator aliases; the maintained table is lib/importers/aliases/football.json)",
    async run() {
      for (const a of (await listTeamAliases(db)).items)
        console.log([a.alias, a.team.name, a.createdBy, a.createdAt.toISOString()].join("\t"));
    },
  },
];
