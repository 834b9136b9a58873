import { findOrCreateUser, findUserByEmail } from "../accounts/users";
import { db } from "../platform/db";
import { parseWebhookTypes, type WebhookEventType } from "./event-types";
import { createEndpoint, listEndpoints, removeEndpoint } from "./endpoints";
import { PRIVATE_TARGET } from "./ssrf";
import { parseFlags, requireFlag, type AdminCommand } from "../cli/args";
import { memberFor } from "../workspaces/cli";

const CLI_ACTOR = { userId: null, ip: "admin-cli" };

/** The CLI reads its own environment, not the server's: say which setting it lacked. */
const ALLOW_PRIVATE_HINT =
  " (allowed with WEBHOOK_ALLOW_PRIVATE=1, which this command reads from its own environment: set it here, and for the server, which refuses such targets at send time without it)";

function eventsFlag(raw: string | true | undefined): WebhookEventType[] {
  if (raw === undefined) return [];
  if (raw === true) throw new Error("--events needs a list, e.g. contest.score,odds");
  const parsed = parseWebhookTypes(raw);
  if ("unknown" in parsed) throw new Error(`unknown event type: ${parsed.unknown}`);
  return parsed.types;
}

export const webhookCommands: AdminCommand[] = [
  {
    name: "webhook add",
    usage:
      "webhook add --email <e> [--workspace <id>] --url <u> [--events a,b] [--competition <id>] [--odds-threshold-pp <n>]   (prints the signing secret as the last line, once)",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email");
      const url = requireFlag(flags, "url");
      const eventTypes = eventsFlag(flags.events);
      const competition = flags.competition;
      const competitionId = typeof competition === "string" ? Number(competition) : null;
      if (competitionId !== null && !(Number.isInteger(competitionId) && competitionId > 0))
        throw new Error("--competition must be a competition id");
      const pp = flags["odds-threshold-pp"];
      const oddsThresholdPp = typeof pp === "string" ? Number(pp) : null;
      if (pp === true || (oddsThresholdPp !== null && !/^\d+(\.\d+)?$/.test(String(pp))))
        throw new Error("--odds-threshold-pp must be a number of percentage points, e.g. 3");
      const user = await findOrCreateUser(db, email);
      const { accountId } = await memberFor(db, user, flags.workspace, "webhooks.manage");
      const done = await createEndpoint(
        db,
        { accountId, createdById: user.id, url, eventTypes, competitionId, oddsThresholdPp },
        CLI_ACTOR,
      );
      if (!done.ok)
        throw new Error(done.message + (done.message === PRIVATE_TARGET ? ALLOW_PRIVATE_HINT : ""));
      const { endpoint, secret } = done.value;
      const types = endpoint.eventTypes.length ? endpoint.eventTypes.join(",") : "all event types";
      console.log(`added webhook ${endpoint.id} -> ${endpoint.url} (${types}) for ${user.email}`);
      console.log(secret);
    },
  },
  {
    name: "webhook list",
    usage: "webhook list [--email <e>]",
    async run(args) {
      const email = parseFlags(args).flags.email;
      let accountId: string | undefined;
      if (typeof email === "string") {
        const user = await findUserByEmail(db, email);
        if (!user) throw new Error(`no user ${email}`);
        accountId = user.accountId;
      }
      for (const e of await listEndpoints(db, accountId))
        console.log(
          [e.id, e.url, e.eventTypes.join(",") || "*", e.status, e.disabledReason ?? "", e.createdAt].join(
            "\t",
          ),
        );
    },
  },
  {
    name: "webhook remove",
    usage: "webhook remove <id>",
    async run(args) {
      const id = parseFlags(args).positional[0];
      if (!id) throw new Error("give the webhook endpoint id (webhook list shows it)");
      const done = await removeEndpoint(db, { id }, CLI_ACTOR);
      if (!done.ok) throw new Error(`${done.message} (${id})`);
      console.log(`removed webhook ${id}`);
    },
  },
];
