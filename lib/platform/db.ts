import { createClient, type Db } from "./db/client";
import { perProcess } from "./process-state";

/**
 * The process-wide client. Every function that reads or writes the database takes a `Db` as its
 * first parameter (explicit input: tests, the seed and importers target other databases in the same
 * process); only the edges (route handlers, the /v1 pipeline, CLI commands, server start) import
 * this one and pass it in. One client per process (lib/platform/process-state.ts).
 */
export const db: Db = perProcess("db", () => createClient());

export type { Db, DbOrTx, Tx } from "./db/client";
