import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { logError } from "../log";
import type { Reply } from "./serve-writes";

/**
 * A SQLite writer on a worker thread with a connection of its own, one request at a time, so a
 * batch write's statements and its commit (SQLite's fsyncs) stay off the event loop: better-sqlite3
 * is synchronous. The metering flush (lib/usage/write-thread.ts) and the ingest API's odds batches
 * (lib/ingest/store/odds-thread.ts) use one each. The worker runs TypeScript through tsx, the
 * loader `npm start` already runs under; its entry calls `serveWrites` (lib/platform/db/serve-writes.ts). A worker that dies fails
 * the requests in flight and is started again by the next request.
 */
export class SqliteWriteThread<Q, R> {
  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (r: R) => void; reject: (e: Error) => void }>();

  /** `entry`: the worker module, relative to the project root; `data`: its workerData. */
  constructor(
    private readonly entry: string,
    private readonly data: unknown,
    private readonly name: string,
  ) {}

  request(req: Q): Promise<R> {
    const worker = this.worker ?? this.start();
    const id = ++this.next;
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held while a request is out, so a shutdown flush waits for its reply.
      worker.ref();
      worker.postMessage({ id, req });
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
    const entry = path.join(root, this.entry);
    const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
    const worker = new Worker(boot, { eval: true, workerData: this.data });
    worker.unref();
    worker.on("message", (reply: Reply<R>) => {
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (!p) return;
      if ("error" in reply)
        p.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else p.resolve(reply.result);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on("error", (err) => {
      logError(`${this.name} failed; restarting on the next request`, err);
      fail(err);
    });
    worker.on("exit", (code) => fail(new Error(`${this.name} exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
