import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Host, URL and address parsing that settings need (a webhook or tile URL, an allowlist of networks) and that
 * lib/http uses for requests too. Here, below lib/http, so that the configuration does not import the HTTP layer
 * that reads it; lib/http/outbound.ts and lib/http/address.ts re-export these.
 */

/**
 * Host names that always mean this machine: localhost, *.localhost (RFC 6761), 127.0.0.0/8, ::1, the unspecified
 * addresses 0.0.0.0 and :: (a connection to them reaches this machine), and IPv4-mapped forms of those (the URL
 * parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1). Names that merely resolve here (DNS) are not seen by this check.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (net.isIPv4(host)) return host.startsWith("127.") || host === "0.0.0.0";
  if (!net.isIPv6(host)) return false;
  const words = expandIPv6(host);
  if (words.slice(0, 6).join(":") === "0:0:0:0:0:65535")
    return words[6]! >> 8 === 127 || (words[6] === 0 && words[7] === 0);
  return words.slice(0, 7).every((w) => w === 0) && (words[7] === 1 || words[7] === 0);
}

/** The eight 16-bit words of an IPv6 address (lib/http/outbound.ts reads address ranges with it too) (an embedded IPv4 tail read as two words). */
export function expandIPv6(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((w) => parseInt(w, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(Math.max(0, 8 - front.length - back.length)).fill(0), ...back];
}

/** A configured URL parsed, or why it may not be used at all: not a URL, credentials in it, or a fragment. */
export function configuredUrl(value: string): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.username || url.password) return "must not carry credentials";
  if (url.hash || value.includes("#")) return "must not have a fragment";
  return url;
}

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

/** The network of `address` at `prefix` bits, as canonical text (lib/http/address.ts logs addresses with it). */
export function networkAddress(address: string, prefix: number, family: "ipv4" | "ipv6"): string {
  const bytes = ipaddr.parse(address).toByteArray();
  for (let bit = prefix; bit < bytes.length * 8; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  const network = ipaddr.fromByteArray(bytes);
  // The canonical text form (RFC 5952) through the URL parser's serialisation.
  return family === "ipv4"
    ? network.toString()
    : new URL(`http://[${network.toNormalizedString()}]/`).hostname.slice(1, -1);
}
