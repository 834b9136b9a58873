import { findOrCreateUser, findUserByEmail } from "../accounts";
import { db } from "../db";
import { createApiKey, listApiKeys, revokeApiKey } from "../keys/repository";
import { parseFlags, requireFlag, type AdminCommand } from "./args";

export const keyCommands: AdminCommand[] = [
  {
    name: "key create",
    usage:
      "key create --email <e> --environment test|live --name <n>   (prints the key as the last line, once)",
    async run(args) {
      const { flags } = parseFlags(args);
      const email = requireFlag(flags, "email");
      const environment = requireFlag(flags, "environment");
      if (environment !== "test" && environment !== "live")
        throw new Error("--environment must be test or live");
      const name = requireFlag(flags, "name").slice(0, 100);
      const user = await findOrCreateUser(db, email);
      const { record, key } = await createApiKey(db, {
        accountId: user.accountId,
        name,
        environment,
        createdById: user.id,
        source: "cli",
      });
      console.log(`created ${record.environment} key ${record.prefix} "${record.name}" for ${user.email}`);
      console.log(key);
    },
  },
  {
    name: "key revoke",
    usage: "key revoke <prefix>",
    async run(args) {
      const prefix = parseFlags(args).positional[0];
      if (!prefix) throw new Error("give the key's 16-character prefix");
      const key = await revokeApiKey(db, { prefix }, null, { ip: "admin-cli" });
      if (!key) throw new Error(`no key with prefix ${prefix}`);
      console.log(`revoked ${key.prefix}`);
    },
  },
  {
    name: "key list",
    usage: "key list --email <e>",
    async run(args) {
      const email = requireFlag(parseFlags(args).flags, "email").toLowerCase();
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error(`no user ${email}`);
      for (const k of await listApiKeys(db, user.accountId)) {
        const status = k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active";
        console.log(
          [k.prefix, k.environment, JSON.stringify(k.name), k.createdAt.toISOString(), status].join("\t"),
        );
      }
    },
  },
];
