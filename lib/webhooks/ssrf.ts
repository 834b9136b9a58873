import dns from "node:dns";
import net from "node:net";
import { webhookConfig } from "./config";

/**
 * Targets a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE=1: private, loopback, link-local,
 * unique-local, CGNAT, multicast and reserved ranges. Node's BlockList also matches an
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 rules.
 */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net4, bits, "ipv4");
for (const [net6, bits] of [
  // Forms that embed an IPv4 address, refused whole (a public v4 has a plain form to use instead);
  // the OS routes some of them to the embedded address: ::7f00:1 reached 127.0.0.1 here.
  ["::", 96], // ::, ::1 and IPv4-compatible (::7f00:1)
  ["::ffff:0:0:0", 96], // IPv4-translated (::ffff:0:7f00:1)
  ["64:ff9b::", 96], // NAT64 of any IPv4, private included
  ["64:ff9b:1::", 48], // local-use NAT64
  ["2001::", 32], // Teredo
  ["2002::", 16], // 6to4
  ["100::", 64],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net6, bits, "ipv6");

/** True when the address is a literal IP this service must not send to. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (!family) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class RefusedTarget extends Error {}

type Resolved = { address: string; family: number };
type LookupCallback = (err: Error | null, address: string | Resolved[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the name, checks EVERY address, and hands the socket the
 * checked one, so a name that resolves differently a moment later (DNS rebinding) cannot reach a
 * private address. IP literals skip lookup in Node: the sender checks them with isForbiddenAddress.
 * Node 20's connect (autoSelectFamily) asks with `all: true` and needs the list back: answering one
 * address there failed every delivery to a hostname with "Invalid IP address: undefined".
 */
export function checkedLookup(
  hostname: string,
  opts: { all?: boolean } | null | undefined,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    if (!addresses.length) return callback(new Error(`${hostname} has no address`), "", 0);
    if (!webhookConfig.allowPrivate()) {
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
      if (bad)
        return callback(
          new RefusedTarget(`${hostname} resolves to a private address (${bad.address})`),
          "",
          0,
        );
    }
    if (opts?.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

export const PRIVATE_TARGET = "URL points at a private, loopback or link-local address";

/**
 * The dashboard's wording of a refused private target: it names the host that was refused and the
 * server setting that allows it.
 */
export function dashboardUrlProblem(message: string, url?: string): string {
  if (message !== PRIVATE_TARGET) return message;
  let host: string | null;
  try {
    host = url ? new URL(url).hostname : null;
  } catch {
    host = null;
  }
  const what = host ? `${host} is a private, loopback or link-local address` : message;
  return `${what}; for local testing, start the server with WEBHOOK_ALLOW_PRIVATE=1 (docs/events.md)`;
}

/** Why a URL cannot be an endpoint (checked at creation; addresses are checked again at send time). */
export function urlProblem(raw: string, maxLength: number): string | null {
  if (raw.length > maxLength) return `URL must be at most ${maxLength} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "URL is not a valid absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "URL must start with https:// or http://";
  if (url.username || url.password) return "URL must not contain credentials";
  if (url.hash) return "URL must not contain a fragment";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (webhookConfig.allowPrivate()) return null;
  if (net.isIP(host) ? isForbiddenAddress(host) : isPrivateName(host)) return PRIVATE_TARGET;
  return null;
}

/** Names every resolver answers with loopback (RFC 6761 §6.3, Debian's /etc/hosts) or keeps on the LAN. */
const PRIVATE_NAMES = /(^|\.)(localhost|ip6-localhost|ip6-loopback|localtest\.me|lvh\.me)$/;
const PRIVATE_SUFFIXES = /\.(local|internal|home\.arpa|localdomain)$/;

/**
 * Whether a host name points at a private, loopback or link-local target by its name alone,
 * decided by rules rather than a DNS lookup at creation (the delivery's checked lookup resolves and
 * refuses every such address anyway; a lookup here would only be a moment's answer): the loopback
 * names above in any case and with a trailing dot, private-use suffixes, and names that embed a
 * forbidden IPv4 address the way wildcard DNS services read it (`127.0.0.1.nip.io`,
 * `127-0-0-1.sslip.io`, `7f000001.nip.io`).
 */
export function isPrivateName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  if (PRIVATE_NAMES.test(name) || PRIVATE_SUFFIXES.test(name)) return true;
  return embeddedAddresses(name).some(isForbiddenAddress);
}

/** The IPv4 addresses a name spells: four dotted numbers in a row, a dashed label, or 8 hex digits. */
function embeddedAddresses(name: string): string[] {
  const labels = name.split(".");
  const found: string[] = [];
  for (let i = 0; i + 4 <= labels.length; i++) {
    const four = labels.slice(i, i + 4).map((l) => l.replace(/^.*-/, ""));
    if (four.every((l) => /^\d{1,3}$/.test(l))) found.push(four.join("."));
  }
  for (const label of labels) {
    const dashed = /(?:^|-)(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})$/.exec(label);
    if (dashed) found.push(dashed.slice(1).join("."));
    if (/^[0-9a-f]{8}$/.test(label))
      found.push([0, 2, 4, 6].map((at) => parseInt(label.slice(at, at + 2), 16)).join("."));
  }
  return found.filter((a) => net.isIP(a) === 4);
}
