/**
 * The in-memory metering buffer. record() runs on every authenticated request, so it is a few
 * Map lookups and integer adds; rows for the database are built only when a flush drains it.
 */

/** Status classes stored in UsageBucket.statusClass. 429 has its own class (see docs/usage.md). */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "429", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
const N = STATUS_CLASSES.length;

export function classIndex(status: number): number {
  if (status === 429) return 3;
  if (status >= 500) return 4;
  if (status >= 400) return 2;
  if (status >= 300) return 1;
  return 0;
}

import type { RequestLogRow } from "../requestlog/buffer";

const MINUTE = 60_000;

/** One key's counts in one UTC minute: endpoint -> [requests by class..., units by class...]. */
interface KeyMinute {
  keyId: string;
  accountId: string;
  minute: number;
  lastSeen: number;
  cells: Map<string, number[]>;
}

export interface UsageRow {
  accountId: string;
  apiKeyId: string;
  minute: number;
  endpoint: string;
  statusClass: StatusClass;
  requests: number;
  units: number;
}

export interface AuthFailureRow {
  accountId: string;
  keyPrefix: string;
  minute: number;
  reason: "invalid_secret" | "revoked";
  count: number;
}

/** What one flush writes; rows are unique per database key, so one upsert statement is enough. */
export interface Batch {
  usage: UsageRow[];
  authFailures: AuthFailureRow[];
  /** Keys whose lastUsedAt should be written (at most once a minute per key). */
  touched: { keyId: string; at: number }[];
  /** Request-log rows (lib/requestlog), written in the same transaction. */
  logs?: RequestLogRow[];
}

export function isEmpty(b: Batch): boolean {
  return b.usage.length === 0 && b.authFailures.length === 0 && b.touched.length === 0 && !b.logs?.length;
}

export class Meter {
  private open = new Map<string, KeyMinute>();
  private sealed: KeyMinute[] = [];
  private failures = new Map<string, AuthFailureRow>();
  /** Rows of failed flushes, merged into the next one. */
  private carried: Batch = { usage: [], authFailures: [], touched: [] };
  /** keyId -> the lastSeen value last written to ApiKey.lastUsedAt. */
  private lastUsedWritten = new Map<string, number>();
  /** Failed authentications that resolve to no account: counted here only (logs and /metrics). */
  readonly unattributed = {
    missing: 0,
    malformed: 0,
    unknown_prefix: 0,
    backend_unavailable: 0,
    throttled: 0,
  };
  /** Requests recorded since start, and requests handed to a successful flush. */
  recorded = 0;
  flushed = 0;

  record(
    keyId: string,
    accountId: string,
    endpoint: string,
    status: number,
    units: number,
    now: number,
  ): void {
    const minute = now - (now % MINUTE);
    let km = this.open.get(keyId);
    if (km === undefined || km.minute !== minute) {
      if (km !== undefined) this.sealed.push(km);
      km = { keyId, accountId, minute, lastSeen: now, cells: new Map() };
      this.open.set(keyId, km);
    }
    km.lastSeen = now;
    let cell = km.cells.get(endpoint);
    if (cell === undefined) {
      cell = new Array<number>(2 * N).fill(0);
      km.cells.set(endpoint, cell);
    }
    const i = classIndex(status);
    cell[i]++;
    cell[N + i] += units;
    this.recorded++;
  }

  recordAuthFailure(
    accountId: string,
    keyPrefix: string,
    reason: AuthFailureRow["reason"],
    now: number,
  ): void {
    const minute = now - (now % MINUTE);
    const id = `${accountId}\n${keyPrefix}\n${reason}\n${minute}`;
    const row = this.failures.get(id);
    if (row) row.count++;
    else this.failures.set(id, { accountId, keyPrefix, minute, reason, count: 1 });
  }

  /** Takes everything buffered (plus rows of failed flushes) as one batch of unique rows. */
  drain(): Batch {
    const kms = this.sealed;
    for (const km of this.open.values()) kms.push(km);
    this.sealed = [];
    this.open = new Map();
    const usage = new Map<string, UsageRow>();
    const add = (r: UsageRow) => {
      const id = `${r.apiKeyId}\n${r.minute}\n${r.endpoint}\n${r.statusClass}`;
      const prev = usage.get(id);
      if (!prev) return void usage.set(id, { ...r });
      prev.requests += r.requests;
      prev.units += r.units;
    };
    this.carried.usage.forEach(add);
    const seen = new Map<string, number>();
    for (const t of this.carried.touched) seen.set(t.keyId, t.at);
    for (const km of kms) {
      for (const [endpoint, cell] of km.cells) {
        for (let i = 0; i < N; i++) {
          if (cell[i] === 0 && cell[N + i] === 0) continue;
          add({
            accountId: km.accountId,
            apiKeyId: km.keyId,
            minute: km.minute,
            endpoint,
            statusClass: STATUS_CLASSES[i],
            requests: cell[i],
            units: cell[N + i],
          });
        }
      }
      if ((seen.get(km.keyId) ?? 0) < km.lastSeen) seen.set(km.keyId, km.lastSeen);
    }
    const touched: Batch["touched"] = [];
    for (const [keyId, at] of seen) {
      const written = this.lastUsedWritten.get(keyId);
      if (written === undefined || at - written >= MINUTE) touched.push({ keyId, at });
    }
    const failures = new Map<string, AuthFailureRow>();
    for (const r of [...this.carried.authFailures, ...this.failures.values()]) {
      const id = `${r.accountId}\n${r.keyPrefix}\n${r.reason}\n${r.minute}`;
      const prev = failures.get(id);
      if (prev) prev.count += r.count;
      else failures.set(id, { ...r });
    }
    this.failures = new Map();
    this.carried = { usage: [], authFailures: [], touched: [] };
    return { usage: [...usage.values()], authFailures: [...failures.values()], touched };
  }

  /** After a successful write. */
  committed(batch: Batch): void {
    for (const t of batch.touched) this.lastUsedWritten.set(t.keyId, t.at);
    for (const r of batch.usage) this.flushed += r.requests;
  }

  /** After a failed write: nothing is lost, the rows go out with the next flush. */
  restore(batch: Batch): void {
    this.carried.usage.push(...batch.usage);
    this.carried.authFailures.push(...batch.authFailures);
    this.carried.touched.push(...batch.touched);
  }

  /** Rows of deleted keys or accounts, dropped because their buckets would be cascaded away. */
  discarded(rows: UsageRow[]): void {
    for (const r of rows) {
      this.flushed += r.requests;
      this.lastUsedWritten.delete(r.apiKeyId);
    }
  }

  /** Requests recorded but not yet written to the database. */
  get pending(): number {
    return this.recorded - this.flushed;
  }

  /** Nothing buffered: a shutdown may exit. */
  get idle(): boolean {
    const c = this.carried;
    return (
      this.open.size === 0 &&
      this.sealed.length === 0 &&
      this.failures.size === 0 &&
      c.usage.length + c.authFailures.length + c.touched.length === 0
    );
  }
}
