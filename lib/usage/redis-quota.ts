import { getRedis, onRedisState, redisKey, redisUp } from "../platform/redis";
import type { QuotaLedger } from "./quota";
import { envInt } from "../platform/config";
import { newEntry, newHolder, quotaClient, type QuotaEntry, type QuotaClient } from "./quota-lease";

/** Month counters live a little longer than the longest month, then expire by themselves. */
const COUNTER_TTL_S = 40 * 86_400;
const TTL_MS = envInt("USAGE_LEASE_TTL_MS");
const MIN_LEASE = envInt("QUOTA_LEASE_UNITS");
/** How long a used-up quota is answered locally before Redis is asked again. */
const EXHAUSTED_RECHECK_MS = Math.min(1000, TTL_MS >> 1);

/**
 * Monthly unit quotas shared by every instance through leases: each instance reserves a block of
 * units in the account's (or key's) Redis counter and spends it locally, with no Redis call per
 * request; it reports what it spent and renews the block in the background (when half is spent,
 * and every USAGE_LEASE_TTL_MS / 4), and gives it back when idle. Since every admitted unit was
 * reserved first, the instances together never pass the quota (to within the units spent during
 * one round trip as it runs out). A reservation lapses in Redis 1.5 × USAGE_LEASE_TTL_MS after
 * its last renewal, so a dead instance strands its block for that long at most. While Redis is
 * unreachable each instance assumes every other spends as fast as it does (its own spending counts
 * INSTANCE_COUNT times), so the cluster never exceeds the quota; its spending is reported when
 * Redis returns. Plans without a quota only report their spending (for X-Units-Used).
 */
export class RedisQuotaLedger implements QuotaLedger {
  private readonly entries = new Map<string, QuotaEntry>();
  private readonly loading = new Map<string, Promise<number>>();
  private readonly due = new Set<string>();
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly holder = newHolder();

  constructor(
    private readonly loadUsed: (accountId: string, monthStart: number) => Promise<number>,
    private readonly instances = envInt("INSTANCE_COUNT"),
  ) {
    this.flushDue = this.flushDue.bind(this);
    onRedisState((up) => {
      if (!up) return;
      for (const [id, e] of this.entries) {
        e.failed = false;
        this.sync(id, e, this.want(e)).catch(() => {});
      }
    });
  }

  private counterKey(id: string, month: number): string {
    return redisKey(`quota:${id}:${month}`);
  }

  private client(): QuotaClient | null {
    const redis = redisUp() ? getRedis() : null;
    return redis ? quotaClient(redis) : null;
  }

  /** Units spent by every instance as far as this one knows (X-Units-Used, alerts, streams). */
  private estimate(e: QuotaEntry): number {
    return e.reported + e.sending + e.spent;
  }

  /**
   * With a `limit`: a value v such that admitting `cost` more is `v + cost <= limit` exactly when
   * the reservation covers it, or undefined when Redis must be asked (load). Without: the estimate.
   */
  peek(id: string, month: number, limit?: number | null): number | undefined {
    const e = this.entries.get(id);
    if (!e || e.month !== month) return undefined;
    if (limit === undefined || limit === null) return this.estimate(e);
    e.limit = limit;
    if (e.failed || !redisUp()) return e.reported + e.held + (e.sending + e.spent) * this.instances;
    const now = Date.now();
    const left = e.grant - e.sending - e.spent;
    if (left > 0 && now < e.expiresAt && e.grantedUnder === limit) {
      if (e.inflight === null && (left <= e.grant >> 1 || e.expiresAt - now < TTL_MS >> 1)) this.schedule(id);
      return limit - left;
    }
    if (now < e.exhaustedUntil && e.grantedUnder === limit)
      return Math.max(limit, e.reported + e.held + e.spent);
    return undefined;
  }

  /** The month's entry (seeded once from Redis or the database), renewed now when `limit` needs it. */
  async load(id: string, month: number, limit?: number | null): Promise<number> {
    let e = this.entries.get(id);
    if (!e || e.month !== month) {
      const used = await this.seeded(id, month);
      e = this.entries.get(id);
      if (!e || e.month !== month) this.entries.set(id, (e = newEntry(month, used)));
      this.startTimer();
    }
    if (limit === undefined || limit === null || this.peek(id, month, limit) !== undefined) {
      return this.estimate(e);
    }
    e.limit = limit;
    e.waiting++;
    const entry = e;
    try {
      await (entry.inflight ?? this.syncSoon(id, entry));
    } catch {
      // Redis failed: peek answers with the outage estimate.
    } finally {
      entry.waiting--;
    }
    return this.estimate(entry);
  }

  /** The shared counter, created from the database total when this is its first use. */
  private seeded(id: string, month: number): Promise<number> {
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.fetch(id, month).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async fetch(id: string, month: number): Promise<number> {
    const redis = this.client();
    const key = this.counterKey(id, month);
    if (redis) {
      try {
        const current = await redis.get(key);
        if (current !== null) return Number(current);
      } catch {
        // fall through to the database
      }
    }
    const used = await this.loadUsed(id, month);
    if (redis) {
      try {
        await redis.set(key, used, "EX", COUNTER_TTL_S, "NX");
        return Number((await redis.get(key)) ?? used);
      } catch {
        // Redis down: work from the database total; the next sync reports what is spent meanwhile.
      }
    }
    return used;
  }

  add(id: string, month: number, delta: number): number | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.month !== month) {
      if (month < e.month) return undefined;
      // New month while running: its counter starts at 0 (the database has nothing yet).
      const fresh = newEntry(month, 0);
      this.entries.set(id, fresh);
      this.client()
        ?.set(this.counterKey(id, month), 0, "EX", COUNTER_TTL_S, "NX")
        .catch(() => {});
      fresh.spent = delta;
      return this.estimate(fresh);
    }
    e.spent += delta;
    e.usedAt = Date.now();
    return this.estimate(e);
  }

  /** What to reserve next: twice what was spent since the last sync, within a fair share of what is left. */
  private want(e: QuotaEntry): number {
    if (e.limit === null) return 0;
    const left = e.limit - e.reported - e.held;
    const share = Math.max(1, Math.ceil(left / (2 * this.instances)));
    return Math.min(share, Math.max(MIN_LEASE, 2 * (e.spent + e.sending), 4 * e.waiting));
  }

  private syncSoon(id: string, e: QuotaEntry): Promise<void> {
    const soon = new Promise<void>((resolve) => setImmediate(resolve));
    const p: Promise<void> = soon.then(() => this.send(id, e, this.want(e)));
    return this.track(e, p);
  }

  private sync(id: string, e: QuotaEntry, want: number): Promise<void> {
    return e.inflight ?? this.track(e, this.send(id, e, want));
  }

  private track(e: QuotaEntry, p: Promise<void>): Promise<void> {
    const tracked: Promise<void> = p.finally(() => {
      if (e.inflight === tracked) e.inflight = null;
    });
    e.inflight = tracked;
    return tracked;
  }

  private async send(id: string, e: QuotaEntry, want: number): Promise<void> {
    const redis = this.client();
    if (!redis) {
      e.failed = true;
      throw new Error("redis unavailable");
    }
    const spent = e.spent;
    e.spent = 0;
    e.sending = spent;
    const sentAt = Date.now();
    const limit = e.limit === null ? -1 : e.limit;
    e.grantedUnder = e.limit;
    const counter = this.counterKey(id, e.month);
    const leases = redisKey(`qlease:${id}:${e.month}`);
    let reply;
    try {
      reply = await redis.statlineQuotaSync(counter, leases, this.holder, spent, want, limit, TTL_MS * 1.5);
    } catch (err) {
      e.spent += e.sending;
      e.sending = 0;
      e.failed = true;
      throw err;
    }
    if (reply[0] === -1) {
      // The counter is gone (expired): seed it again; this spending goes with the next sync.
      e.spent += e.sending;
      e.sending = 0;
      await redis.set(counter, await this.loadUsed(id, e.month), "EX", COUNTER_TTL_S, "NX");
      return this.send(id, e, want);
    }
    const [grant, total, held] = reply;
    e.sending = 0;
    e.failed = false;
    e.grant = grant;
    e.held = held;
    e.reported = total - held - grant;
    e.expiresAt = sentAt + TTL_MS;
    e.exhaustedUntil = grant < want ? Date.now() + EXHAUSTED_RECHECK_MS : 0;
  }

  private schedule(id: string): void {
    this.due.add(id);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flushDue);
  }

  private flushDue(): void {
    this.scheduled = false;
    for (const id of this.due) {
      const e = this.entries.get(id);
      if (e && e.inflight === null) this.sync(id, e, this.want(e)).catch(() => {});
    }
    this.due.clear();
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(Date.now()), Math.max(25, TTL_MS >> 2));
    this.timer.unref();
  }

  async release(): Promise<void> {
    const syncs = [...this.entries].map(async ([id, e]) => {
      if (e.inflight) await e.inflight.catch(() => {});
      if (e.spent !== 0 || e.grant !== 0) await this.sync(id, e, 0);
    });
    await Promise.allSettled(syncs);
  }

  /** Reports spending, renews reservations before they lapse, gives back idle ones. */
  private tick(now: number): void {
    for (const [id, e] of this.entries) {
      if (e.inflight !== null) continue;
      const idle = now - e.usedAt > TTL_MS;
      if (idle && e.spent === 0 && e.grant === 0) continue;
      if (!idle && e.spent === 0 && (e.grant === 0 || e.expiresAt - now > TTL_MS >> 1)) continue;
      this.sync(id, e, idle ? 0 : this.want(e)).catch(() => {});
    }
  }
}
