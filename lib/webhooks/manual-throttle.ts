import { perProcess } from "../platform/process-state";

/**
 * Test events and resends asked for by hand (dashboard, per account): each queues a delivery that
 * the sender posts at once, so unthrottled they let a signed-in user make the server send as fast
 * as they click or script (the attack review's item 8). A token bucket per account: MANUAL_BURST
 * at once, then one every MANUAL_REFILL_MS. Per instance, like the /v1 auth-failure budget.
 */
export const MANUAL_BURST = 10;
export const MANUAL_REFILL_MS = 6_000;
const MAX_ACCOUNTS = 10_000;

const buckets = perProcess("webhookManualSends", () => new Map<string, { tokens: number; at: number }>());

/** Takes one token for the account: 0 when allowed, else the seconds until the next one. */
export function takeManualSend(accountId: string, now = Date.now()): number {
  const b = buckets.get(accountId);
  const tokens = b ? Math.min(MANUAL_BURST, b.tokens + (now - b.at) / MANUAL_REFILL_MS) : MANUAL_BURST;
  if (tokens < 1) return Math.max(1, Math.ceil(((1 - tokens) * MANUAL_REFILL_MS) / 1000));
  buckets.delete(accountId);
  buckets.set(accountId, { tokens: tokens - 1, at: now });
  if (buckets.size > MAX_ACCOUNTS) buckets.delete(buckets.keys().next().value!);
  return 0;
}
