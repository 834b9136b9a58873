import { perProcess } from "../platform/process-state";
import { handoffConfig } from "./config";

// Per-process sliding window of session starts per client IP. In memory on purpose: the limit
// only has to stop a single client from flooding the approval table, not meter anyone.
const starts = perProcess("handoffStarts", () => new Map<string, number[]>());
const WINDOW_MS = 60_000;

/** Records a start for this IP; returns the seconds to wait when over the limit, else 0. */
export function takeStartSlot(ip: string, now = Date.now()): number {
  const recent = (starts.get(ip) ?? []).filter((t) => now - t < WINDOW_MS);
  if (recent.length >= handoffConfig.startsPerMinute()) {
    starts.set(ip, recent);
    return Math.max(1, Math.ceil((recent[0] + WINDOW_MS - now) / 1000));
  }
  recent.push(now);
  starts.set(ip, recent);
  if (starts.size > 10_000) sweep(now);
  return 0;
}

function sweep(now: number) {
  for (const [ip, times] of starts) if (times.every((t) => now - t >= WINDOW_MS)) starts.delete(ip);
}
