/**
 * Monthly unit quota per account. Units are reserved at admit (so 50 concurrent requests cannot
 * all slip past the last few units) and the reservation is corrected at settle with the real
 * cost (0 for errors). Months are calendar months in UTC.
 */
export interface QuotaLedger {
  /**
   * Units used (and reserved) this month, or undefined until the account's total is loaded. With
   * `limit` (the quota admission checks against), a shared ledger may answer undefined until it
   * has reserved units again (lib/usage/redis-quota.ts); `used + cost <= limit` admits.
   */
  peek(accountId: string, month: number, limit?: number | null): number | undefined;
  /** Loads the month's total once per account (deduplicated); rejects when the store is down. */
  load(accountId: string, month: number, limit?: number | null): Promise<number>;
  /** Adds (or with a negative delta, returns) units; returns the new total, undefined if unloaded. */
  add(accountId: string, month: number, delta: number): number | undefined;
  /** Shared ledgers: reports spending and gives back reservations (shutdown). */
  release?(): Promise<void>;
}

export interface MonthWindow {
  /** Start of the month, ms since epoch (UTC). */
  start: number;
  /** Start of the next month: when the quota resets. */
  next: number;
  nextIso: string;
}

let cached: MonthWindow = { start: 0, next: 0, nextIso: "" };

/** The calendar month (UTC) containing `now`; recomputed only when a month boundary passes. */
export function monthOf(now: number): MonthWindow {
  if (now >= cached.start && now < cached.next) return cached;
  const d = new Date(now);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  cached = { start, next, nextIso: new Date(next).toISOString() };
  return cached;
}

interface Entry {
  month: number;
  used: number;
}

/**
 * Single-instance ledger: the month's total is read from the database once per account (the
 * first request of an account waits for it) and then kept in memory, incremented on every
 * settle. Exact on one instance because this process is the only writer.
 */
export class MemoryQuotaLedger implements QuotaLedger {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<number>>();

  constructor(private readonly loadUsed: (accountId: string, monthStart: number) => Promise<number>) {}

  peek(accountId: string, month: number): number | undefined {
    const e = this.entries.get(accountId);
    if (e === undefined) return undefined;
    if (e.month !== month) {
      // A new month began while the process ran: every unit since then went through here.
      if (month < e.month) return undefined;
      e.month = month;
      e.used = 0;
    }
    return e.used;
  }

  load(accountId: string, month: number): Promise<number> {
    const known = this.peek(accountId, month);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.loading.get(accountId);
    if (!pending) {
      pending = this.loadUsed(accountId, month)
        .then((used) => {
          // No units can be settled for the account before this: admit waits for the load.
          this.entries.set(accountId, { month, used });
          return used;
        })
        .finally(() => this.loading.delete(accountId));
      this.loading.set(accountId, pending);
    }
    return pending;
  }

  add(accountId: string, month: number, delta: number): number | undefined {
    const used = this.peek(accountId, month);
    if (used === undefined) return undefined;
    const e = this.entries.get(accountId)!;
    e.used = used + delta < 0 ? 0 : used + delta;
    return e.used;
  }
}
