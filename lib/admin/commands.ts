import { dataCommands } from "./data";
import { keyCommands } from "./keys";
import { ingestCommands } from "./ingest";
import { logCommands } from "./logs";
import { operatorCommands } from "./operators";
import { planCommands } from "./plans";
import { usageCommands } from "./usage";
import { userCommands } from "./users";
import { webhookCommands } from "./webhooks";
import type { AdminCommand } from "./args";

/** Each feature adds its commands here (keys, plans, usage, ...). */
export const commands: AdminCommand[] = [
  ...keyCommands,
  ...planCommands,
  ...operatorCommands,
  ...userCommands,
  ...usageCommands,
  ...dataCommands,
  ...logCommands,
  ...webhookCommands,
  ...ingestCommands,
];
