import { parseFlags, requireFlag, type AdminCommand } from "../cli/args";
import { clockInput, linkIdentity, linkInput, resetClock, splitInput, splitPerson } from "./links";

/** Flags as a body of the console's endpoint, validated by the same schema. */
function bodyOf<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  value: unknown,
): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new Error(`--${String(issue.path[0] ?? "").replace("_", "-")}: ${issue.message}`);
}

/** An operator's corrections of feeds' identities and clocks (lib/ingest/links.ts). */
export const ingestLinkCommands: AdminCommand[] = [
  {
    name: "ingest clock reset",
    usage:
      "ingest clock reset --source <s> --kind competition|edition|team|person|contest --id <feed id>   (the next write is accepted whatever its feed_at)",
    async run(args) {
      const { flags } = parseFlags(args);
      const body = bodyOf(clockInput, {
        source: flags.source,
        kind: flags.kind,
        external_id: requireFlag(flags, "id"),
      });
      const { reset } = await resetClock(body);
      console.log(`reset ${reset} feed time(s) of ${body.source} ${body.kind} ${body.external_id}`);
    },
  },
  {
    name: "ingest link",
    usage:
      "ingest link --source <s> --kind team|person --id <feed id> --to <statline id>   (an explicit join)",
    async run(args) {
      const { flags } = parseFlags(args);
      const body = bodyOf(linkInput, {
        source: flags.source,
        kind: flags.kind,
        external_id: requireFlag(flags, "id"),
        target_id: Number(requireFlag(flags, "to")),
      });
      const r = await linkIdentity(body);
      console.log(`${r.source} ${r.kind} ${r.external_id} -> ${r.kind} ${r.id}`);
    },
  },
  {
    name: "ingest split",
    usage:
      "ingest split --source <s> --id <feed person id>   (a wrongly joined person becomes one of its own)",
    async run(args) {
      const { flags } = parseFlags(args);
      const r = await splitPerson(
        bodyOf(splitInput, { source: flags.source, external_id: requireFlag(flags, "id") }),
      );
      console.log(
        `${r.source} person ${r.external_id}: person ${r.from} -> new person ${r.id} (${r.events_moved} events moved)`,
      );
    },
  },
];
