/**
 * SQLite answers SQLITE_BUSY at once, without waiting out the busy timeout, when a transaction that
 * has read must upgrade to writing while another connection holds the write lock (waiting could
 * deadlock). A writer in another process than the server (the simulator, an import) met that
 * whenever its transaction overlapped the server's metering flush: the stream test lost about one
 * simulator run in three. The remedy SQLite documents is to run the whole transaction again.
 */
const BUSY = /SQLITE_BUSY|database is locked/;
// Through Prisma, SQLITE_BUSY arrives as P1008 "Operation has timed out" (the SQLite adapter maps
// it to a socket timeout) without the driver's error attached: the stream test's simulator died
// on it once in a fresh-clone run. On PostgreSQL a P1008 is a timed-out statement, also worth a
// bounded re-run of the whole transaction.
const PRISMA_TIMEOUT = "P1008";

function isBusy(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === PRISMA_TIMEOUT) return true;
    if ((typeof code === "string" && BUSY.test(code)) || (typeof message === "string" && BUSY.test(message)))
      return true;
    e = cause;
  }
  return false;
}

/** Runs `tx` (a whole transaction) again after SQLITE_BUSY: up to `attempts` times, backing off. */
export async function retryBusy<T>(tx: () => Promise<T>, attempts = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await tx();
    } catch (err) {
      if (i >= attempts || !isBusy(err)) throw err;
      await new Promise((r) => setTimeout(r, 25 * 2 ** i + Math.random() * 50));
    }
  }
}
