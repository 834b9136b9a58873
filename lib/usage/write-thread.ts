import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { logError } from "../log";
import { perProcess } from "../process-state";
import { urlOf, type Db } from "../db/client";
import { providerOf, sqliteBusyTimeoutMs, sqliteFilePath } from "../db/config";
import type { Batch } from "./meter";
import type { MarkerPlan } from "./sqlite-write";
import type { WriteReply, WriteRequest } from "./write-worker";
import { envBool } from "../config";

/**
 * Runs SQLite metering flushes on a worker thread (lib/usage/write-worker.ts). better-sqlite3 is
 * synchronous: on the event loop, a flush of ~900 request-log rows (five B-tree inserts each, then
 * the commit) stalled every request in flight for ~10 ms once a second. The lean server turns this
 * on (server.ts); tests and CLI commands write inline. The worker runs TypeScript through tsx, the
 * loader `npm start` already runs under. A worker that dies fails the writes in flight (the
 * flusher keeps their rows and retries) and is started again by the next write.
 */
export class WriteThread {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
  ) {}

  write(batch: Batch, plan: MarkerPlan): Promise<number> {
    const worker = this.worker ?? this.start();
    const id = ++this.next;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held while a write is out, so a shutdown flush waits for its reply.
      worker.ref();
      worker.postMessage({ id, batch, plan } satisfies WriteRequest);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private start(): Worker {
    // tsx's CommonJS hook compiles the worker's TypeScript in-thread, as it does for the server.
    // Resolved from the project root (the server's working directory, as for next() and Prisma),
    // not this module's location, which differs when Next's bundle holds this code.
    const root = process.cwd();
    const tsx = createRequire(path.join(root, "package.json")).resolve("tsx/cjs/api");
    const entry = path.join(root, "lib", "usage", "write-worker.ts");
    const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
    const worker = new Worker(boot, {
      eval: true,
      workerData: { file: this.file, timeoutMs: this.timeoutMs },
    });
    worker.unref();
    worker.on("message", (reply: WriteReply) => {
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (!p) return;
      if ("error" in reply)
        p.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else p.resolve(reply.statements);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on("error", (err) => {
      logError("usage: metering writer thread failed; restarting on the next flush", err);
      fail(err);
    });
    worker.on("exit", (code) => fail(new Error(`metering writer thread exited (${code})`)));
    this.worker = worker;
    return worker;
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
