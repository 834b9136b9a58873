import { urlOf, type Db } from "../../platform/db/client";
import { providerOf, sqliteFilePath } from "../../platform/db/config";
import { SqliteWriteThread } from "../../platform/db/write-thread";
import { perProcess } from "../../platform/process-state";
import type { OddsWriteRequest, OddsWriteResult } from "./odds-sqlite";

/**
 * How long the writer thread waits for SQLite's write lock (the metering flush's thread, an
 * import). It waits on its own thread, so unlike the server's 100 ms busy timeout on the event
 * loop (lib/platform/db/config.ts) nothing else stalls meanwhile.
 */
const BUSY_TIMEOUT_MS = 5000;

const threads = perProcess(
  "ingestOddsThreads",
  () => new Map<string, SqliteWriteThread<OddsWriteRequest, OddsWriteResult>>(),
);

/** The odds writer thread of a SQLite client (null on PostgreSQL, whose writes do not block). */
export function oddsWriteThread(db: Db): SqliteWriteThread<OddsWriteRequest, OddsWriteResult> | null {
  const url = urlOf(db);
  if (providerOf(url) !== "sqlite") return null;
  let t = threads.get(url);
  if (!t)
    threads.set(
      url,
      (t = new SqliteWriteThread<OddsWriteRequest, OddsWriteResult>(
        "lib/ingest/store/odds-worker.ts",
        { file: sqliteFilePath(url), timeoutMs: BUSY_TIMEOUT_MS },
        "ingest odds writer thread",
      )),
    );
  return t;
}
