import { randomUUID } from "node:crypto";
import type Redis from "ioredis";

/**
 * One instance's quota sync, atomic on Redis's clock. The counter holds the units every instance
 * reported spent plus every instance's outstanding reservation (lease); the hash records each
 * reservation with its expiry. The script drops expired reservations (an instance that died gives
 * its unspent units back this way), releases this instance's previous reservation, adds what it
 * spent since its last sync, and reserves up to `want` more without passing `limit` (-1: none).
 * KEYS: counter, leases. ARGV: instance, spent, want, limit, ttlMs.
 * Returns {granted, counter, reserved by the other instances}, or {-1, 0, 0} when the counter is
 * missing (never seeded, or expired): the caller seeds it from the database and syncs again.
 */
const SYNC_LUA = `
local inst = ARGV[1]
local spent = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local limit = tonumber(ARGV[4])
local ttl = tonumber(ARGV[5])
local c = tonumber(redis.call('GET', KEYS[1]))
if not c then return {-1, 0, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local start = c
local held = 0
local fields = redis.call('HGETALL', KEYS[2])
for i = 1, #fields, 2 do
  local amount, expires = string.match(fields[i + 1], '^(%d+):(%d+)$')
  amount = tonumber(amount)
  if tonumber(expires) < now then
    c = c - amount
    redis.call('HDEL', KEYS[2], fields[i])
  elseif fields[i] == inst then
    c = c - amount
  else
    held = held + amount
  end
end
c = c + spent
local grant = want
if limit >= 0 then grant = math.max(0, math.min(want, limit - c)) end
c = c + grant
if c ~= start then redis.call('INCRBY', KEYS[1], c - start) end
if grant > 0 then
  redis.call('HSET', KEYS[2], inst, grant .. ':' .. (now + ttl))
  redis.call('PEXPIRE', KEYS[2], ttl * 2)
else
  redis.call('HDEL', KEYS[2], inst)
end
return {grant, c, held}
`;

export type SyncReply = [number, number, number];
export type QuotaClient = Redis & {
  statlineQuotaSync(
    counter: string,
    leases: string,
    instance: string,
    spent: number,
    want: number,
    limit: number,
    ttlMs: number,
  ): Promise<SyncReply>;
};

const defined = new WeakSet<Redis>();

/** The connection with the sync script defined on it (once per connection). */
export function quotaClient(redis: Redis): QuotaClient {
  if (!defined.has(redis)) {
    redis.defineCommand("statlineQuotaSync", { numberOfKeys: 2, lua: SYNC_LUA });
    defined.add(redis);
  }
  return redis as QuotaClient;
}

/** A ledger in the lease hashes: a reservation belongs to one ledger of one process, not to a host. */
export const newHolder = (): string => randomUUID();

/** Per account (or key) and month, what this instance knows and holds. */
export interface QuotaEntry {
  month: number;
  /** Units every instance had reported spent at the last sync. */
  reported: number;
  /** Units the other instances held reserved at the last sync. */
  held: number;
  /** Units this instance holds reserved: it spends them without asking Redis. */
  grant: number;
  /** Units spent (reserved at admit, corrected at settle) since the last sync left. */
  spent: number;
  /** Spent units carried by the sync in flight. */
  sending: number;
  /** Local time the reservation lapses (before Redis drops it: the script allows 1.5×). */
  expiresAt: number;
  /** The last sync could not reserve what was asked: the quota is (nearly) used up until then. */
  exhaustedUntil: number;
  usedAt: number;
  /** The limit the last admission checked against (null: none, spending is only reported). */
  limit: number | null;
  /** The limit the reservation was granted under: another one (a plan change) asks Redis again. */
  grantedUnder: number | null;
  /** Requests waiting for the sync in flight. */
  waiting: number;
  inflight: Promise<void> | null;
  /** The last sync failed: the outage estimate applies until one succeeds. */
  failed: boolean;
}

export function newEntry(month: number, reported: number): QuotaEntry {
  return {
    month,
    reported,
    held: 0,
    grant: 0,
    spent: 0,
    sending: 0,
    expiresAt: 0,
    exhaustedUntil: 0,
    usedAt: Date.now(),
    limit: null,
    grantedUnder: null,
    waiting: 0,
    inflight: null,
    failed: false,
  };
}
