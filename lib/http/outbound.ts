import net from "node:net";

/** Host names that always mean this machine: localhost, *.localhost (RFC 6761), 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  if (net.isIPv6(host)) return host === "::1" || host === "0:0:0:0:0:0:0:1" || /^::ffff:127\./.test(host);
  return false;
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
