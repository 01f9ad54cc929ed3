import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { configuredUrl, expandIPv6, isLoopbackHost } from "@/lib/config";

// Host and URL checks that configuration shares (lib/config parses settings with them, before lib/http loads).
export { configuredUrl, isLoopbackHost } from "@/lib/config";

/**
 * Why a partner identity provider's URL (an issuer, or an endpoint its discovery document names) may not be
 * called, or undefined when it may: https only, and a loopback host only with the development switch on (which
 * also allows plain http there). Credentials in the URL, queries on an issuer and fragments are refused too.
 */
export function idpUrlProblem(value: string, opts: { allowLoopback: boolean; issuer?: boolean }): string | undefined {
  const url = configuredUrl(value);
  if (typeof url === "string") return url;
  if (opts.issuer && (url.search || value.includes("?"))) return "must not have a query";
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && !opts.allowLoopback)
    return "names this machine: allowed only with the development switch SSO_DEV_ALLOW_LOOPBACK=true";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:")
    return loopback ? undefined : "must use https (plain http only for an identity provider on this machine)";
  return "must use https";
}

export const defaultPort = (protocol: string) => (protocol === "https:" || protocol === "wss:" ? 443 : 80);

/**
 * host:port of a URL as a comparable key: the URL parser's host (lower case, IPv4 written out, IPv6 compressed and in
 * brackets) without a final dot, and the port, the scheme's default when none is written (explicit or not alike).
 */
export function targetKey(url: URL): string {
  return `${url.hostname.toLowerCase().replace(/\.$/, "")}:${Number(url.port) || defaultPort(url.protocol)}`;
}

/** The key of an origin given as a URL, or as host:port (throws when it is neither). */
export function originKey(value: string): string {
  return targetKey(new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`));
}

/**
 * Under the development switch, why a URL on this machine may not be reached when only `allowed` origins (URLs, or
 * host:port) are open there, or undefined: the switch opens the provider named, not the database, the cache or the
 * application listening beside it. Judged by the host as written (localhost and 127.0.0.1 are two) and the port.
 */
export function loopbackOriginProblem(url: URL, allowed: readonly string[]): string | undefined {
  const keys = allowed.flatMap((a) => {
    try {
      return [originKey(a)];
    } catch {
      return [];
    }
  });
  const key = targetKey(url);
  if (keys.includes(key)) return undefined;
  return `is this machine at ${key}, which the development switch does not open${keys.length ? ` (only ${keys.join(", ")})` : ""}`;
}

/** IPv4 ranges an outbound request must never reach (besides loopback, allowed only under the development switch). */
const NOT_PUBLIC_V4 = (() => {
  const list = new net.BlockList();
  for (const [prefix, bits] of [
    ["0.0.0.0", 8], // "this" network
    ["10.0.0.0", 8], // private
    ["100.64.0.0", 10], // carrier-grade NAT
    ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
    ["172.16.0.0", 12], // private
    ["192.0.0.0", 24], // IETF protocol assignments
    ["192.0.2.0", 24], // documentation
    ["192.88.99.0", 24], // 6to4 relay anycast (deprecated): an IPv6 network behind it
    ["192.168.0.0", 16], // private
    ["198.18.0.0", 15], // benchmarking
    ["198.51.100.0", 24], // documentation
    ["203.0.113.0", 24], // documentation
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, broadcast
  ] as const)
    list.addSubnet(prefix, bits, "ipv4");
  return list;
})();

/**
 * IPv6 ranges refused inside global unicast 2000::/3 (everything outside it is refused anyway: unique local fc00::/7
 * with the cloud metadata address fd00:ec2::254, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8, the
 * IPv4-compatible ::a.b.c.d, discard 100::/64…). 6to4 2002::/16 is judged by the IPv4 address it carries.
 */
const NOT_PUBLIC_V6 = (() => {
  const list = new net.BlockList();
  for (const [prefix, bits] of [
    ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32 (an IPv4 address behind a relay), benchmarking, ORCHID
    ["2001:db8::", 32], // documentation
    ["3fff::", 20], // documentation
  ] as const)
    list.addSubnet(prefix, bits, "ipv6");
  return list;
})();

/**
 * The IPv4 address an IPv6 address carries to a network that reaches it for it (words: its eight 16-bit words), or
 * undefined: IPv4-mapped ::ffff:0:0/96 (the address itself), NAT64 64:ff9b::/96 (RFC 6052), local-use NAT64 in the
 * /96 layout 64:ff9b:1::/96 (RFC 8215; other layouts of 64:ff9b:1::/48 cannot be told apart: refused, outside
 * 2000::/3), and 6to4 2002::/16 (bits 16–47).
 */
function embeddedIPv4(words: number[]): string | undefined {
  const w = (i: number) => words[i]!;
  const v4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");
  if (words.slice(0, 6).join(":") === "0:0:0:0:0:65535") return v4(w(6), w(7));
  if (w(0) === 0x64 && w(1) === 0xff9b && (w(2) === 0 || w(2) === 1) && words.slice(3, 6).every((x) => x === 0))
    return v4(w(6), w(7));
  if (w(0) === 0x2002) return v4(w(1), w(2));
  return undefined;
}

const NOT_PUBLIC_MESSAGE = "is a private, link-local, metadata or reserved address";

/**
 * Why an outbound request must not connect to `address` (an IP a host name resolved to, or a literal one), or
 * undefined when it may: public addresses only; loopback only with the development switch. IPv6 only within global
 * unicast 2000::/3 (less its special ranges); an IPv6 address carrying an IPv4 one (IPv4-mapped, NAT64, 6to4) is
 * judged as the IPv4 address it carries, which must be public (loopback too is refused there: it is the gateway's).
 */
export function addressProblem(address: string, opts: { allowLoopback: boolean }): string | undefined {
  let ip = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (net.isIPv6(ip)) {
    const words = expandIPv6(ip);
    const carried = embeddedIPv4(words);
    if (carried && words.slice(0, 6).join(":") === "0:0:0:0:0:65535")
      ip = carried; // IPv4-mapped: that IPv4 address
    else if (carried)
      return isLoopbackHost(carried) || NOT_PUBLIC_V4.check(carried, "ipv4")
        ? `${NOT_PUBLIC_MESSAGE} (${ip}, which carries ${carried})`
        : undefined;
  }
  const family = net.isIPv4(ip) ? "ipv4" : net.isIPv6(ip) ? "ipv6" : undefined;
  if (!family) return `is not an IP address (${address.slice(0, 60)})`;
  const unspecified = family === "ipv4" ? ip === "0.0.0.0" : expandIPv6(ip).every((w) => w === 0);
  if (isLoopbackHost(ip) && !unspecified)
    return opts.allowLoopback ? undefined : `is this machine (${ip}): allowed only with the development switch`;
  if (family === "ipv4" ? NOT_PUBLIC_V4.check(ip, "ipv4") : !globalUnicast(ip) || NOT_PUBLIC_V6.check(ip, "ipv6"))
    return `${NOT_PUBLIC_MESSAGE} (${ip})`;
  return undefined;
}

/** Within 2000::/3, the only IPv6 range of public addresses. */
const globalUnicast = (ip: string) => (expandIPv6(ip)[0]! & 0xe000) === 0x2000;

export interface GuardedFetchOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** A CA to trust besides the system's (a local provider's, for the demo and the tests): PEM. */
  extraCa?: string;
  /**
   * Under the development switch, the only origins on this machine that may be reached (URLs, or host:port), as the
   * validator's browser is held (lib/http/guard-proxy.ts). Every loopback origin when omitted.
   */
  loopbackAllowed?: readonly string[];
}

export interface GuardedRequest {
  method?: string;
  headers?: Headers | Record<string, string>;
  body?: string | URLSearchParams | Uint8Array;
  signal?: AbortSignal | null;
}

/** Refused before or while connecting: the URL or an address it resolves to breaks the outbound rules. */
export class OutboundRefused extends Error {
  override readonly name = "OutboundRefused";
}

const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

/**
 * An outbound HTTP request to a partner's server, guarded: https (http only to this machine under the development
 * switch), the host resolved and every address it resolves to public (no loopback, private, link-local, metadata or
 * reserved range; loopback under the switch), no redirect followed (a 3xx is returned as it is), a time limit for
 * the whole exchange and a limit on the answer's size. Answers as a web Response.
 */
export async function guardedFetch(url: string, req: GuardedRequest, opts: GuardedFetchOptions): Promise<Response> {
  try {
    return await guardedFetchOnce(url, req, opts);
  } catch (e) {
    // A kept-alive connection the server closed while it sat idle fails the next request before any answer: a GET
    // or HEAD goes once more, on a new connection (as Node's documentation advises). Never a POST: the server may
    // have read it (an authorization code must not be redeemed twice), and never once the caller gave up.
    const method = (req.method ?? "GET").toUpperCase();
    if (!(e instanceof StaleConnection) || !(method === "GET" || method === "HEAD") || req.signal?.aborted) throw e;
    return guardedFetchOnce(url, req, { ...opts, freshConnection: true });
  }
}

/** A request that failed on a reused keep-alive socket before anything was answered. */
class StaleConnection extends Error {}

async function guardedFetchOnce(
  url: string,
  req: GuardedRequest,
  opts: GuardedFetchOptions & { freshConnection?: boolean },
): Promise<Response> {
  const target = new URL(url);
  const nameProblem = idpUrlProblem(url, { allowLoopback: opts.allowLoopback });
  if (nameProblem) throw new OutboundRefused(`${target.origin}: ${nameProblem}`);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // Only the provider's own origins on this machine, when the caller names them: checked on the name (localhost, a
  // loopback address) here, and on every address a name resolves to below.
  const loopbackProblem = () => opts.loopbackAllowed && loopbackOriginProblem(target, opts.loopbackAllowed);
  if (net.isIP(host)) {
    const problem = addressProblem(host, opts);
    if (problem) throw new OutboundRefused(`${target.origin}: ${problem}`);
  }
  if (isLoopbackHost(host)) {
    const problem = loopbackProblem();
    if (problem) throw new OutboundRefused(`${target.origin}: ${problem}`);
  }
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: (options as dns.LookupOptions).family ?? 0 }, (err, addresses) => {
      if (err) return (callback as (e: Error | null) => void)(err);
      const list = addresses as dns.LookupAddress[];
      const refused =
        list.map((a) => addressProblem(a.address, opts)).find(Boolean) ??
        (list.some((a) => isLoopbackHost(a.address)) ? loopbackProblem() : undefined);
      if (refused)
        return (callback as (e: Error) => void)(
          new OutboundRefused(`${hostname} resolves to an address that ${refused}`),
        );
      if ((options as dns.LookupAllOptions).all)
        return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
  const headers = Object.fromEntries(new Headers(req.headers ?? {}).entries());
  const body =
    req.body === undefined
      ? undefined
      : typeof req.body === "string" || req.body instanceof Uint8Array
        ? req.body
        : req.body.toString();
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  if (req.body instanceof URLSearchParams && !headers["content-type"])
    headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  const lib = target.protocol === "https:" ? https : http;
  return new Promise<Response>((resolve, reject) => {
    let answered = false;
    const outgoing = lib.request(
      target,
      {
        method: req.method ?? "GET",
        headers,
        lookup,
        // A pooled socket was opened by whoever asked first, perhaps with a wider loopback allowance, and is reused
        // without a lookup: a caller limited to some loopback ports connects afresh so its check always runs.
        agent: opts.freshConnection || opts.loopbackAllowed ? false : agents[target.protocol as "http:" | "https:"],
        ...(opts.extraCa && { ca: [...tls.rootCertificates, opts.extraCa] }),
      },
      (incoming) => {
        answered = true;
        const declared = Number(incoming.headers["content-length"] ?? "0");
        if (declared > opts.maxBytes)
          return fail(new OutboundRefused(`${target.origin} answered with ${declared} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > opts.maxBytes)
            return fail(new OutboundRefused(`${target.origin} answered with more than ${opts.maxBytes} bytes`));
          chunks.push(chunk);
        });
        incoming.on("error", fail);
        incoming.on("end", () => {
          clearTimeout(timer);
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers))
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              responseHeaders.append(name, v);
          const status = incoming.statusCode ?? 502;
          const nullBody = status === 204 || status === 304 || (status >= 100 && status < 200);
          resolve(
            new Response(nullBody ? null : Buffer.concat(chunks), {
              status,
              statusText: incoming.statusMessage,
              headers: responseHeaders,
            }),
          );
        });
      },
    );
    const timer = setTimeout(
      () => fail(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { name: "TimeoutError" })),
      opts.timeoutMs,
    );
    function fail(e: Error) {
      clearTimeout(timer);
      outgoing.destroy();
      reject(e);
    }
    req.signal?.addEventListener("abort", () => fail(Object.assign(new Error("aborted"), { name: "AbortError" })), {
      once: true,
    });
    outgoing.on("error", (e: NodeJS.ErrnoException) => {
      const stale = outgoing.reusedSocket && !answered && (e.code === "ECONNRESET" || e.code === "EPIPE");
      fail(stale ? Object.assign(new StaleConnection(e.message), { code: e.code }) : e);
    });
    outgoing.end(body);
  });
}
