import { perProcess } from "../platform/process-state";
import { urlOf, type Db } from "../platform/db/client";
import { providerOf, sqliteBusyTimeoutMs, sqliteFilePath } from "../platform/db/config";
import type { Batch } from "./meter";
import type { MarkerPlan } from "./sqlite-write";
import type { WriteRequest } from "./write-worker";
import { SqliteWriteThread } from "../platform/db/write-thread";
import { envBool } from "../platform/config";

/**
 * Runs SQLite metering flushes on a worker thread (lib/usage/write-worker.ts). better-sqlite3 is
 * synchronous: on the event loop, a flush of ~900 request-log rows (five B-tree inserts each, then
 * the commit) stalled every request in flight for ~10 ms once a second. The lean server turns this
 * on (server.ts); tests and CLI commands write inline. A worker that dies fails the writes in
 * flight (the flusher keeps their rows and retries) and is started again by the next write.
 */
export class WriteThread {
  private readonly thread: SqliteWriteThread<WriteRequest, number>;

  constructor(file: string, timeoutMs: number) {
    this.thread = new SqliteWriteThread<WriteRequest, number>(
      "lib/usage/write-worker.ts",
      { file, timeoutMs },
      "metering writer thread",
    );
  }

  write(batch: Batch, plan: MarkerPlan): Promise<number> {
    return this.thread.request({ batch, plan });
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

const threads = perProcess("usageWriteThreads", () => new Map<string, WriteThread>());

/**
 * The writer thread for a SQLite client when USAGE_WRITE_THREAD=on (the lean server sets it unless
 * the environment did), else null: PostgreSQL writes are asynchronous already.
 */
export function usageWriteThread(db: Db): WriteThread | null {
  if (!envBool("USAGE_WRITE_THREAD")) return null;
  const url = urlOf(db);
  if (providerOf(url) !== "sqlite") return null;
  let t = threads.get(url);
  if (!t) threads.set(url, (t = new WriteThread(sqliteFilePath(url), sqliteBusyTimeoutMs())));
  return t;
}
