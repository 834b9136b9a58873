import { findOrCreateUser, findUserByEmail } from "../accounts/users";
import { db } from "../platform/db";
import { credentialRefusal, type Issuer } from "./issuing";
import { rollApiKey, setKeyDisabled, updateApiKey } from "./lifecycle";
import { listApiKeys } from "./store";
import { createCappedApiKey, revokeApiKey } from "./service";
import { parseFlags, requireFlag, type AdminCommand } from "../cli/args";
import { keyOptionsFromFlags, keyPatchFromFlags, keyStatus } from "./cli-options";
import { MAX_GRACE_MS, parseDuration } from "./options";
import { memberFor } from "../workspaces/cli";
import { INGEST_SCOPE } from "./scopes";

const CLI_ORIGIN = { ip: "admin-cli" };

function prefixArg(args: string[]): string {
  const prefix = parseFlags(args).positional[0];
  if (!prefix) throw new Error("give the key's 16-character prefix");
  return prefix;
}

export const keyCommands: AdminCommand[] = [
  {
    name: "key create",
    usage:
      "key create --email <e> [--workspace <id>] --environment test|live --name <n> [--expires-at ISO | --expires-in 30d] [--scopes a,b] [--allow-ip CIDR[,CIDR]] [--rate-limit N] [--unit-cap N] [--note text]   (prints the key as the last line, once)",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email");
      const environment = requireFlag(flags, "environment");
      if (environment !== "test" && environment !== "live")
        throw new Error("--environment must be test or live");
      const name = requireFlag(flags, "name").slice(0, 100);
      const options = keyOptionsFromFlags(flags);
      // A refused key must not leave a new user behind: a new account is never an operator.
      if (options.scopes?.includes(INGEST_SCOPE) && !(await findUserByEmail(db, email)))
        throw new Error(
          `no user ${email}: an ingest key needs an operator account; run operator grant --email ${email} first`,
        );
      const user = await findOrCreateUser(db, email);
      const { accountId, role } = await memberFor(db, user, flags.workspace, "keys.create");
      const issuer: Issuer = {
        userId: user.id,
        homeAccountId: user.accountId,
        accountId,
        role,
        session: "admin-cli",
      };
      const refused = await credentialRefusal(db, issuer, { environment, scopes: options.scopes });
      if (refused) throw new Error(refused);
      const made = await createCappedApiKey(
        db,
        { accountId, name, environment, createdById: user.id, source: "cli", options },
        CLI_ORIGIN,
      );
      if (!made.ok) throw new Error(made.message);
      const { record, key } = made;
      console.log(`created ${record.environment} key ${record.prefix} "${record.name}" for ${user.email}`);
      console.log(key);
    },
  },
  {
    name: "key roll",
    usage:
      "key roll <prefix> --grace 0|1h|24h|7d   (old key works until the grace ends; prints the new key last, once)",
    async run(args) {
      const prefix = prefixArg(args);
      const grace = parseDuration(requireFlag(parseFlags(args).flags, "grace"));
      if (grace === null || grace > MAX_GRACE_MS)
        throw new Error("--grace must be 0 or a duration up to 30d (1h, 24h, 7d)");
      const rolled = await rollApiKey(db, { prefix }, grace, null, CLI_ORIGIN);
      if (!rolled.ok) throw new Error(`${rolled.message} (${prefix})`);
      const until = new Date(Date.now() + grace).toISOString();
      console.log(
        `rolled ${rolled.value.oldPrefix} -> ${rolled.value.prefix}; the old key works until ${until}`,
      );
      console.log(rolled.value.key);
    },
  },
  ...(["disable", "enable"] as const).map((verb): AdminCommand => ({
    name: `key ${verb}`,
    usage: `key ${verb} <prefix>`,
    async run(args) {
      const prefix = prefixArg(args);
      const done = await setKeyDisabled(db, { prefix }, verb === "disable", null, CLI_ORIGIN);
      if (!done.ok) throw new Error(`${done.message} (${prefix})`);
      console.log(`${verb}d ${prefix}`);
    },
  })),
  {
    name: "key update",
    usage:
      "key update <prefix> [--name n] [--scopes a,b|all] [--allow-ip CIDR[,CIDR]|none] [--rate-limit N|none] [--unit-cap N|none] [--note text|none] [--expires-in 30d | --expires-at ISO | --no-expiry]   (only the given flags change)",
    async run(args) {
      const prefix = prefixArg(args);
      const patch = keyPatchFromFlags(parseFlags(args).flags);
      const done = await updateApiKey(db, { prefix }, patch, null, CLI_ORIGIN);
      if (!done.ok) throw new Error(`${done.message} (${prefix})`);
      console.log(
        done.value.changes.length
          ? `updated ${prefix}: ${done.value.changes.join("; ")}`
          : `unchanged ${prefix}`,
      );
    },
  },
  {
    name: "key revoke",
    usage: "key revoke <prefix>",
    async run(args) {
      const prefix = prefixArg(args);
      const key = await revokeApiKey(db, { prefix }, null, CLI_ORIGIN);
      if (!key) throw new Error(`no key with prefix ${prefix}`);
      console.log(`revoked ${key.prefix}`);
    },
  },
  {
    name: "key list",
    usage: "key list --email <e> [--workspace <id>]",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email").toLowerCase();
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error(`no user ${email}`);
      const { accountId } = await memberFor(db, user, flags.workspace, "keys.read");
      for (const k of await listApiKeys(db, accountId)) {
        console.log(
          [k.prefix, k.environment, JSON.stringify(k.name), k.createdAt.toISOString(), keyStatus(k)].join(
            "\t",
          ),
        );
      }
    },
  },
];
