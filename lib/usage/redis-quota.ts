import type Redis from "ioredis";
import { getRedis, onRedisState, redisKey, redisUp } from "../redis";
import type { QuotaLedger } from "./quota";
import { envInt } from "../config";

interface Entry {
  month: number;
  /** Last total Redis reported for the account-month (all instances). */
  shared: number;
  /** Units sent with INCRBY and not answered yet. */
  inflight: number;
  /** Units added while Redis was unreachable: replayed with INCRBY when it returns. */
  pending: number;
}

/** Month counters live a little longer than the longest month, then expire by themselves. */
const COUNTER_TTL_S = 40 * 86_400;

/**
 * Monthly unit quotas shared by every instance: one Redis counter per account and month
 * (INCRBY, atomic), seeded once from the database's flushed usage. The ledger interface is
 * synchronous, so each instance answers from its last view of the counter (refreshed by every
 * INCRBY reply): the quota holds to within the requests in flight across instances at the
 * moment it runs out. While Redis is unreachable, each instance assumes every other instance
 * spends as fast as it does (its own spending counts N times), so the cluster never exceeds the
 * quota; the units are added to Redis when it returns.
 */
export class RedisQuotaLedger implements QuotaLedger {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<number>>();

  constructor(
    private readonly loadUsed: (accountId: string, monthStart: number) => Promise<number>,
    private readonly instances = envInt("INSTANCE_COUNT"),
  ) {
    onRedisState((up) => {
      if (up) this.replay();
    });
  }

  private key(accountId: string, month: number): string {
    return redisKey(`quota:${accountId}:${month}`);
  }

  private client(): Redis | null {
    return redisUp() ? getRedis() : null;
  }

  peek(accountId: string, month: number): number | undefined {
    const e = this.entries.get(accountId);
    if (!e || e.month !== month) return undefined;
    // Pending units exist only while Redis is (or was) unreachable: count them for every instance.
    return e.shared + e.inflight + e.pending * this.instances;
  }

  load(accountId: string, month: number): Promise<number> {
    const known = this.peek(accountId, month);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.loading.get(accountId);
    if (!pending) {
      pending = this.fetch(accountId, month)
        .then((shared) => {
          this.entries.set(accountId, { month, shared, inflight: 0, pending: 0 });
          return shared;
        })
        .finally(() => this.loading.delete(accountId));
      this.loading.set(accountId, pending);
    }
    return pending;
  }

  /** The shared counter, created from the database total when this is its first use. */
  private async fetch(accountId: string, month: number): Promise<number> {
    const redis = this.client();
    if (redis) {
      try {
        const current = await redis.get(this.key(accountId, month));
        if (current !== null) return Number(current);
      } catch {
        // fall through to the database
      }
    }
    const used = await this.loadUsed(accountId, month);
    if (redis) {
      try {
        await redis.set(this.key(accountId, month), used, "EX", COUNTER_TTL_S, "NX");
        return Number((await redis.get(this.key(accountId, month))) ?? used);
      } catch {
        // Redis down: work from the database total; replay() adds what is spent meanwhile.
      }
    }
    return used;
  }

  add(accountId: string, month: number, delta: number): number | undefined {
    const e = this.entries.get(accountId);
    if (!e) return undefined;
    const rolled = e.month !== month;
    if (rolled) {
      if (month < e.month) return undefined;
      // New month while running: its counter starts with this INCRBY (the database has nothing yet).
      Object.assign(e, { month, shared: 0, inflight: 0, pending: 0 });
    }
    if (delta !== 0) this.send(accountId, e, delta);
    if (rolled)
      this.client()
        ?.expire(this.key(accountId, month), COUNTER_TTL_S)
        .catch(() => {});
    return e.shared + e.inflight + e.pending;
  }

  private send(accountId: string, e: Entry, delta: number): void {
    const redis = this.client();
    if (!redis) {
      e.pending += delta;
      return;
    }
    const month = e.month;
    e.inflight += delta;
    redis.incrby(this.key(accountId, month), delta).then(
      (total) => {
        if (e.month !== month) return;
        e.inflight -= delta;
        e.shared = total;
      },
      () => {
        if (e.month !== month) return;
        e.inflight -= delta;
        e.pending += delta;
      },
    );
  }

  /** Adds what was spent while Redis was unreachable. */
  private replay(): void {
    for (const [accountId, e] of this.entries) {
      if (e.pending === 0) continue;
      const delta = e.pending;
      e.pending = 0;
      this.send(accountId, e, delta);
    }
  }
}
