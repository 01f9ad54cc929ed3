import type { IncomingMessage } from "node:http";
import net from "node:net";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";

/** An IPv4-mapped IPv6 address (::ffff:203.0.113.5) is its IPv4 address; a zone id (%eth0) is dropped. */
export function normalizeAddress(address: string): string | undefined {
  let a = address.trim();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  a = a.split("%")[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  if (mapped) a = mapped[1]!;
  const family = net.isIP(a);
  if (family === 0) return undefined;
  return family === 6 ? a.toLowerCase() : a;
}

/**
 * The client's address (spec §5 rule 1): the socket's peer, or, behind `trustedHops` proxies the operator declared,
 * the address the farthest trusted proxy saw — X-Forwarded-For read from the right, one entry per trusted hop. A
 * client cannot choose it: entries left of the trusted ones are never read. Fewer entries than hops (a proxy that
 * did not add one) gives the leftmost present, as Express's "trust proxy" does; an entry that is not an address
 * gives undefined (no address: a restricted key is refused).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trustedHops: number,
): string | undefined {
  // proxy-addr walks the chain (the socket's peer, then X-Forwarded-For from the right) while each hop is trusted.
  const request = {
    socket: { remoteAddress: socketAddress ?? "" },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  } as unknown as IncomingMessage;
  return normalizeAddress(proxyaddr(request, (_address, hop) => hop < trustedHops));
}

/** The last value of a header a proxy appends to (the nearest proxy's), lower-cased. */
export function lastListValue(header: string | null | undefined): string | undefined {
  const v = header?.split(",").pop()?.trim().toLowerCase();
  return v || undefined;
}

export interface IpRange {
  /** Normalised CIDR text ("203.0.113.0/24", "2001:db8::/32"). */
  cidr: string;
  family: "ipv4" | "ipv6";
  address: string;
  prefix: number;
}

/**
 * An IPv4 or IPv6 range as operators write it: CIDR ("203.0.113.0/24", "2001:db8::/32") or one address (a /32 or
 * /128). A range whose address has host bits set is refused (a typo more often than intended).
 */
export function parseIpRange(text: string): IpRange | string {
  const [addressText, prefixText, ...rest] = text.trim().split("/");
  if (rest.length > 0) return `"${text}" is not an address or CIDR range`;
  const address = normalizeAddress(addressText ?? "");
  if (!address) return `"${text}" is not an IPv4 or IPv6 address or CIDR range`;
  const family = net.isIPv4(address) ? "ipv4" : "ipv6";
  const max = family === "ipv4" ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return `"${text}": the prefix length must be a number`;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return `"${text}": the prefix length must be at most ${max}`;
  const network = networkAddress(address, prefix, family);
  if (network !== networkAddress(address, max, family)) {
    return `"${text}" has host bits set: did you mean ${network}/${prefix}?`;
  }
  return { cidr: `${network}/${prefix}`, family, address: network, prefix };
}

function networkAddress(address: string, prefix: number, family: "ipv4" | "ipv6"): string {
  const bytes = ipaddr.parse(address).toByteArray();
  for (let bit = prefix; bit < bytes.length * 8; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  const network = ipaddr.fromByteArray(bytes);
  // The canonical text form (RFC 5952) through the URL parser's serialisation.
  return family === "ipv4"
    ? network.toString()
    : new URL(`http://[${network.toNormalizedString()}]/`).hostname.slice(1, -1);
}

/** A key's allowlist; empty allows every address. */
export class IpAllowlist {
  private readonly list = new net.BlockList();
  readonly ranges: readonly IpRange[];

  constructor(ranges: readonly string[]) {
    this.ranges = ranges.map((r) => {
      const parsed = parseIpRange(r);
      if (typeof parsed === "string") throw new Error(parsed);
      return parsed;
    });
    for (const r of this.ranges) this.list.addSubnet(r.address, r.prefix, r.family);
  }

  get restricted(): boolean {
    return this.ranges.length > 0;
  }

  allows(address: string | undefined): boolean {
    if (!this.restricted) return true;
    if (!address) return false;
    const a = normalizeAddress(address);
    if (!a) return false;
    return this.list.check(a, net.isIPv4(a) ? "ipv4" : "ipv6");
  }
}

/** What logs keep of an address (spec §5 rule 3: no full address): its /24 (IPv4) or /48 (IPv6) network. */
export function loggedAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const family = net.isIPv4(address) ? "ipv4" : "ipv6";
  const prefix = family === "ipv4" ? 24 : 48;
  return `${networkAddress(address, prefix, family)}/${prefix}`;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return net.isIPv4(address) ? address.startsWith("127.") : address === "::1";
}
