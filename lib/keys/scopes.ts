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
  if (items.length > 50) return { error: `At most 50 IP ranges per key; this list has ${items.length}` };
  const bad = items.filter((i) => !parseCidr(i));
  if (bad.length)
    return {
      error:
        bad.length === 1
          ? `${bad[0]} is not an IPv4/IPv6 address or CIDR range`
          : `${entries(bad)} are not IPv4/IPv6 addresses or CIDR ranges`,
    };
  const mapped = items.filter((i) => isMappedRange(parseCidr(i)!));
  if (mapped.length) return { error: `Write ${entries(mapped)} as IPv4 (e.g. 10.0.0.0/8), not as ::ffff:…` };
  return { cidrs: items };
}

/** The bad entries by name, as a person reads them: "a", "a and b", "a, b, c and 2 more". */
function entries(items: string[]): string {
  const shown = items.slice(0, 3).map((i) => (i.length > 60 ? `${i.slice(0, 60)}…` : i));
  const more = items.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, also as hex) as the IPv4 address it is; others as given. */
export function unmapIp(ip: string): string {
  if (isIP(ip) !== 6 || !/^::ffff:/i.test(ip)) return ip;
  const dotted = MAPPED.exec(ip);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return ip;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** A range inside ::ffff:0:0/96 (IPv4-mapped): refused at input, IPv4 clients are matched as IPv4. */
function isMappedRange(c: Cidr): boolean {
  return c.family === "ipv6" && c.prefix >= 96 && unmapIp(c.address) !== c.address;
}

/**
 * Built once per cached key. An IPv4 client (also when seen as ::ffff:a.b.c.d) is judged by the
 * IPv4 ranges only, an IPv6 client by the IPv6 ranges only. Node's BlockList alone matches IPv4
 * addresses against IPv6 rules, so `::/0` or `::ffff:0:0/96` admitted every IPv4 client.
 */
export function allowlistMatcher(stored: string): (ip: string) => boolean {
  const v4 = new BlockList();
  const v6 = new BlockList();
  for (const item of stored.split(",")) {
    const c = parseCidr(item);
    if (c) (c.family === "ipv4" ? v4 : v6).addSubnet(c.address, c.prefix, c.family);
  }
  return (raw) => {
    const ip = unmapIp(raw);
    const version = isIP(ip);
    // Every mapped client was unmapped above, so an IPv6 rule covering ::ffff:0:0/96 matches none.
    return version === 4 ? v4.check(ip, "ipv4") : version === 6 && v6.check(ip, "ipv6");
  };
}
