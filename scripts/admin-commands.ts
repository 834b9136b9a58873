import { dataCommands } from "../lib/sports/cli";
import { demoCommands } from "../lib/seed/cli";
import { keyCommands } from "../lib/keys/cli";
import { ingestCommands } from "../lib/ingest/cli";
import { logCommands } from "../lib/requestlog/cli";
import { operatorCommands } from "../lib/operator/cli";
import { usageCommands } from "../lib/usage/cli";
import { verifyCommands } from "../lib/verify/cli";
import { userCommands } from "../lib/auth/cli";
import { webhookCommands } from "../lib/webhooks/cli";
import type { AdminCommand } from "../lib/cli/args";

/** Every `npm run admin` command; a feature defines its own (lib/keys/cli.ts, lib/operator/cli.ts, ...). */
export const commands: AdminCommand[] = [
  ...keyCommands,
  ...operatorCommands,
  ...userCommands,
  ...usageCommands,
  ...dataCommands,
  ...demoCommands,
  ...logCommands,
  ...webhookCommands,
  ...ingestCommands,
  ...verifyCommands,
];
