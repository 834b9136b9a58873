import { keyCommands } from "./keys";
import type { AdminCommand } from "./args";

/** Each feature adds its commands here (keys, plans, usage, ...). */
export const commands: AdminCommand[] = [...keyCommands];
