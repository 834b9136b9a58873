/**
 * The in-memory request-log buffer. `admit` runs on every /v1 request and decides,
 * before anything is built, whether the request gets a row: errors (status >= 400) always, other
 * answers while this second's budget lasts, then 1 in N (N a power of two from the last second's
 * rate) with the row carrying `sampleRate = N`. Rows are written by the metering flush (one
 * transaction per tick, lib/usage/flusher.ts).
 */
export interface RequestLogRow {
  id: string;
  at: number;
  accountId: string | null;
  keyPrefix: string | null;
  environment: string | null;
  method: string;
  path: string;
  query: string;
  endpoint: string;
  status: number;
  errorCode: string | null;
  units: number;
  durationMs: number;
  ip: string | null;
  userAgent: string | null;
  sampleRate: number;
  /** Error rows: the error body's message. */
  errorMessage: string | null;
  /**
   * Error rows: the response as sent, by reference (the pipeline built both for the answer
   * anyway), so recording costs no copy on the request path; lib/requestlog/response.ts caps,
   * redacts and serialises it when the flush writes the row. Null on successes.
   */
  response: { headers: Readonly<Record<string, string>>; body: string } | null;
}

export interface BufferOptions {
  /** Successful requests per second logged in full before sampling starts (per instance). */
  perSecond: number;
  /** Rows held in memory at most (a database outage, a flood of errors); beyond it rows are dropped and counted. */
  maxRows: number;
}

export class RequestLogBuffer {
  private rows: RequestLogRow[] = [];
  private windowStart = 0;
  private windowCount = 0;
  private lastWindowCount = 0;
  private skip = 0;
  /** Rows handed to a flush and not yet committed, so `idle` stays false until they are. */
  private inFlight = 0;
  readonly stats = { logged: 0, sampledOut: 0, dropped: 0, written: 0 };

  constructor(private readonly opts: BufferOptions) {}

  /**
   * 0 when the request is not logged; otherwise the sample rate its row carries (1 = every such
   * request is logged). Costs a few integer operations: called on every request.
   */
  admit(status: number, now: number): number {
    if (this.rows.length >= this.opts.maxRows) {
      this.stats.dropped++;
      return 0;
    }
    if (status >= 400) return 1;
    const second = now - (now % 1000);
    if (second !== this.windowStart) {
      this.lastWindowCount = second - this.windowStart === 1000 ? this.windowCount : 0;
      this.windowStart = second;
      this.windowCount = 0;
      this.skip = 0;
    }
    const n = ++this.windowCount;
    if (n <= this.opts.perSecond) return 1;
    const rate = sampleRateFor(Math.max(n, this.lastWindowCount), this.opts.perSecond);
    if (++this.skip >= rate) {
      this.skip = 0;
      return rate;
    }
    this.stats.sampledOut++;
    return 0;
  }

  push(row: RequestLogRow): void {
    this.rows.push(row);
    this.stats.logged++;
  }

  drain(): RequestLogRow[] {
    const out = this.rows;
    this.rows = [];
    this.inFlight += out.length;
    return out;
  }

  committed(rows: RequestLogRow[]): void {
    this.inFlight -= rows.length;
    this.stats.written += rows.length;
  }

  /** A failed write: the rows go out with the next flush (oldest first), within maxRows. */
  restore(rows: RequestLogRow[]): void {
    this.inFlight -= rows.length;
    const room = Math.max(0, this.opts.maxRows - this.rows.length);
    const kept = rows.length > room ? rows.slice(rows.length - room) : rows;
    this.stats.dropped += rows.length - kept.length;
    this.rows = kept.concat(this.rows);
  }

  get pending(): number {
    return this.rows.length + this.inFlight;
  }

  get idle(): boolean {
    return this.rows.length === 0 && this.inFlight === 0;
  }
}

/** The smallest power of two that brings `count` per second down to about `budget`. */
export function sampleRateFor(count: number, budget: number): number {
  let rate = 2;
  while (count / rate > budget && rate < 1 << 20) rate *= 2;
  return rate;
}
