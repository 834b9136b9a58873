import { BlockList, isIP } from "node:net";
import { INGEST_SCOPE, isScope, READ_SCOPES, SCOPES, type Scope } from "./scope-names";

export { INGEST_SCOPE, isScope, READ_SCOPES, SCOPE_LABELS, SCOPES, type Scope } from "./scope-names";

/** "odds,persons" -> ["odds","persons"]; unknown names are reported, duplicates dropped. */
export function parseScopes(raw: string): { scopes: Scope[] } | { error: string } {
  const names = [
    ...new Set(
      raw
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((n) => !isScope(n));
  if (unknown.length) return { error: `unknown scope ${unknown.join(", ")}; use ${SCOPES.join(", ")}` };
  if (!names.length) return { error: "give at least one scope" };
  return { scopes: SCOPES.filter((s) => names.includes(s)) };
}

/**
 * Stored form: null when every read scope and not `ingest` is granted, so future read scopes
 * reach unrestricted keys; a key with `ingest` always lists its scopes.
 */
export function storedScopes(scopes: readonly Scope[] | null | undefined): string | null {
  if (!scopes) return null;
  if (!scopes.includes(INGEST_SCOPE) && READ_SCOPES.every((s) => scopes.includes(s))) return null;
  return scopes.join(",");
}

export function scopesOf(stored: string | null): Scope[] {
  if (stored === null) return [...READ_SCOPES];
  return stored.split(",").filter(isScope);
}

export interface Cidr {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** "10.0.0.0/8", "2001:db8::/32" or a bare address (a /32 or /128). */
export function parseCidr(raw: string): Cidr | null {
  const [address, bits, extra] = raw.trim().split("/");
  if (extra !== undefined || !address) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Parses a comma/space separated allowlist; null when empty. */
export function parseAllowlist(raw: string): { cidrs: string[] | null } | { error: string } {
  const items = raw.split(/[\s,]+/).filter(Boolean);
  if (!items.length) return { cidrs: null };
  if (items.length > 50) return { error: "at most 50 IP ranges per key" };
  const bad = items.filter((i) => !parseCidr(i));
  if (bad.length) return { error: `not an IPv4/IPv6 address or CIDR: ${bad.slice(0, 3).join(", ")}` };
  return { cidrs: items };
}

/** Built once per cached key: node's BlockList also matches IPv4-mapped IPv6 peers (::ffff:a.b.c.d). */
export function allowlistMatcher(stored: string): (ip: string) => boolean {
  const list = new BlockList();
  for (const item of stored.split(",")) {
    const c = parseCidr(item);
    if (c) list.addSubnet(c.address, c.prefix, c.family);
  }
  return (ip) => {
    const version = isIP(ip);
    return version !== 0 && list.check(ip, version === 4 ? "ipv4" : "ipv6");
  };
}
