import net from "node:net";

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

/** The eight 16-bit words of an IPv6 address (an embedded IPv4 tail read as two words). */
function expandIPv6(address: string): number[] {
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

/**
 * Why a partner identity provider's URL (an issuer, or an endpoint its discovery document names) may not be
 * called, or undefined when it may: https only, and a loopback host only with the development switch on (which
 * also allows plain http there). Credentials in the URL, queries on an issuer and fragments are refused too.
 */
export function idpUrlProblem(value: string, opts: { allowLoopback: boolean; issuer?: boolean }): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.username || url.password) return "must not carry credentials";
  if (url.hash || value.includes("#")) return "must not have a fragment";
  if (opts.issuer && (url.search || value.includes("?"))) return "must not have a query";
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && !opts.allowLoopback)
    return "names this machine: allowed only with the development switch SSO_DEV_ALLOW_LOOPBACK=true";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:")
    return loopback ? undefined : "must use https (plain http only for an identity provider on this machine)";
  return "must use https";
}
