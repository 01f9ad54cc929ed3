import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyaddr from "proxy-addr";
import { networkAddress, normalizeAddress, parseIpRange, type IpRange } from "@/lib/config";

// Address parsing that configuration shares (lib/config reads address ranges with it, before lib/http loads).
export { normalizeAddress, parseIpRange, type IpRange } from "@/lib/config";

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
