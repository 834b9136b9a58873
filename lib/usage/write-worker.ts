// The metering flush's writer thread (lib/usage/write-thread.ts starts it): a SQLite connection of
// its own, one batch at a time, so the writes' CPU and any commit fsync stay off the event loop.
import Database from "better-sqlite3";
import { serveWrites, writerData } from "../platform/db/serve-writes";
import { writeBatchSqlite, type MarkerPlan } from "./sqlite-write";
import type { Batch } from "./meter";

export interface WriteRequest {
  batch: Batch;
  plan: MarkerPlan;
}

const { file, timeoutMs } = writerData<{ file: string; timeoutMs: number }>();
const conn = new Database(file, { fileMustExist: true, timeout: timeoutMs });

serveWrites<WriteRequest, number>(({ batch, plan }) => writeBatchSqlite(conn, batch, plan));
