import { parentPort, workerData } from "node:worker_threads";

/** A writer thread's answer to request `id` (lib/platform/db/write-thread.ts). */
export type Reply<R> = { id: number; result: R } | { id: number; error: { message: string; code?: string } };

/**
 * The worker side of a SqliteWriteThread: answers each request with `handle`, one at a time; a
 * thrown error travels back with its message and code (SQLITE_BUSY is retried by the caller).
 */
export function serveWrites<Q, R>(handle: (req: Q) => R): void {
  parentPort!.on("message", ({ id, req }: { id: number; req: Q }) => {
    let reply: Reply<R>;
    try {
      reply = { id, result: handle(req) };
    } catch (err) {
      const e = err as { message?: string; code?: string };
      reply = { id, error: { message: String(e.message ?? err), code: e.code } };
    }
    parentPort!.postMessage(reply);
  });
}

/** The workerData a SqliteWriteThread started this worker with. */
export const writerData = <D>(): D => workerData as D;
