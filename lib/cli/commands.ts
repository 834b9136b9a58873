import { dataCommands } from "../sports/cli";
import { keyCommands } from "../keys/cli";
import { ingestCommands } from "../ingest/cli";
import { logCommands } from "../requestlog/cli";
import { operatorCommands } from "../operator/cli";
import { usageCommands } from "../usage/cli";
import { verifyCommands } from "../verify/cli";
import { userCommands } from "../auth/cli";
import { webhookCommands } from "../webhooks/cli";
import type { AdminCommand } from "./args";

/** Every `npm run admin` command; a feature defines its own (lib/keys/cli.ts, lib/operator/cli.ts, ...). */
export const commands: AdminCommand[] = [
  ...keyCommands,
  ...operatorCommands,
  ...userCommands,
  ...usageCommands,
  ...dataCommands,
  ...logCommands,
  ...webhookCommands,
  ...ingestCommands,
  ...verifyCommands,
];
