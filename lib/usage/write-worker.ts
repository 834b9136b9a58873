// The metering flush's writer thread (lib/usage/write-thread.ts starts it): a SQLite connection of
// its own, one batch at a time, so the writes' CPU and any commit fsync stay off the event loop.
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { writeBatchSqlite, type MarkerPlan } from "./sqlite-write";
import type { Batch } from "./meter";

export interface WriteRequest {
  id: number;
  batch: Batch;
  plan: MarkerPlan;
}
export type WriteReply =
  { id: number; statements: number } | { id: number; error: { message: string; code?: string } };

const { file, timeoutMs } = workerData as { file: string; timeoutMs: number };
const conn = new Database(file, { fileMustExist: true, timeout: timeoutMs });

parentPort!.on("message", ({ id, batch, plan }: WriteRequest) => {
  let reply: WriteReply;
  try {
    reply = { id, statements: writeBatchSqlite(conn, batch, plan) };
  } catch (err) {
    const e = err as { message?: string; code?: string };
    reply = { id, error: { message: String(e.message ?? err), code: e.code } };
  }
  parentPort!.postMessage(reply);
});
