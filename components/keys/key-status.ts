import type { KeyView } from "@/lib/keys/views";

export type KeyStatus = "active" | "disabled" | "expired" | "revoked";
/** The "expires soon" badge shows in a key's last 7 days. */
export const EXPIRES_SOON_MS = 7 * 86_400_000;

export function statusOf(k: KeyView, now = Date.now()): KeyStatus {
  if (k.revokedAt) return "revoked";
  if (k.disabledAt) return "disabled";
  if (k.expiresAt && Date.parse(k.expiresAt) <= now) return "expired";
  return "active";
}

export function expiresSoon(k: KeyView, now = Date.now()): boolean {
  return (
    statusOf(k, now) === "active" && k.expiresAt !== null && Date.parse(k.expiresAt) - now < EXPIRES_SOON_MS
  );
}

export type StatusFilter = "all" | KeyStatus | "expiring";

/** Name or prefix search plus status filter, as the keys page applies them. */
export function filterKeys(
  keys: KeyView[],
  search: string,
  status: StatusFilter,
  now = Date.now(),
): KeyView[] {
  const q = search.trim().toLowerCase();
  return keys.filter((k) => {
    if (q && !k.name.toLowerCase().includes(q) && !k.prefix.toLowerCase().includes(q)) return false;
    if (status === "all") return true;
    if (status === "expiring") return expiresSoon(k, now);
    return statusOf(k, now) === status;
  });
}

export type KeySort = "newest" | "oldest" | "name" | "lastUsed";

/** The keys page's sort orders; ties keep the newest first. */
export function sortKeys(keys: KeyView[], sort: KeySort): KeyView[] {
  const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);
  const newest = (a: KeyView, b: KeyView) => time(b.createdAt) - time(a.createdAt);
  const by: Record<KeySort, (a: KeyView, b: KeyView) => number> = {
    newest,
    oldest: (a, b) => -newest(a, b),
    name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || newest(a, b),
    lastUsed: (a, b) => time(b.lastUsedAt) - time(a.lastUsedAt) || newest(a, b),
  };
  return [...keys].sort(by[sort]);
}
