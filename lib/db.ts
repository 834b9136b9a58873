import { createClient, type Db } from "./db/client";

// One client per process: Next's dev server reloads modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { statlineDb?: Db };

export const db: Db = globalForDb.statlineDb ?? (globalForDb.statlineDb = createClient());

export type { Db };
