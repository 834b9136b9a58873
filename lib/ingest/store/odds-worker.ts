// The ingest writer thread (lib/ingest/store/odds-thread.ts starts it): odds batches on a SQLite
// connection of its own, one at a time, so their statements and commit stay off the event loop.
import Database from "better-sqlite3";
import { serveWrites, writerData } from "../../platform/db/serve-writes";
import { writeOddsSqlite, type OddsWriteRequest, type OddsWriteResult } from "./odds-sqlite";

const { file, timeoutMs } = writerData<{ file: string; timeoutMs: number }>();
const conn = new Database(file, { fileMustExist: true, timeout: timeoutMs });

serveWrites<OddsWriteRequest, OddsWriteResult>((req) => writeOddsSqlite(conn, req));
