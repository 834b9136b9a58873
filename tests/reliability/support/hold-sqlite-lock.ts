// Child process for tests/reliability/abuse-server.test.ts: takes SQLite's exclusive lock on
// DB_FILE (as another process writing would), prints "locked", holds it HOLD_MS, then releases.
import Database from "better-sqlite3";

const db = new Database(process.env.DB_FILE!, { timeout: 10_000 });
db.exec("BEGIN EXCLUSIVE");
process.stdout.write("locked\n");
setTimeout(
  () => {
    db.exec("COMMIT");
    db.close();
    process.stdout.write("released\n");
  },
  Number(process.env.HOLD_MS ?? 3000),
);
