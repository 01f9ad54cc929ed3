import { isIPv4 } from "node:net";
import { addressProblem, isLoopbackHost } from "@/lib/http/node";
import { isDevelopment } from "@/lib/config";

/**
 * Which supplier image URLs (`images[].href`, spec §2.1) the platform publishes and shows. A page puts them in
 * <img src>, so each is a request from a visitor's browser: one to the visitor's own machine or network (a router,
 * a printer, a local Redis at 127.0.0.1:6379) must never be made. Accepted: https (http too in development), a
 * public host (no loopback, private, link-local or reserved IP literal, judged by the outbound rules for partners'
 * servers; no localhost, *.localhost, single-label name, name of a local network (.local, .internal, .home.arpa, .lan…) or
 * name spelling out such an address (127.0.0.1.nip.io)),
 * the scheme's default port, no user name or password. The sync notes every other image and keeps the record; pages
 * and the assistant endpoint never show one (lib/hotels/image-src.ts), whatever an earlier run stored.
 */
export function imageUrlProblem(href: string, opts: { allowHttp: boolean } = { allowHttp: httpImagesAllowed() }) {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "is not an absolute URL";
  }
  if (url.protocol !== "https:" && !(opts.allowHttp && url.protocol === "http:")) {
    return opts.allowHttp ? "must use https or http" : "must use https";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  if (url.port) return `must use the default port of ${url.protocol.slice(0, -1)} (not ${url.port})`;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isLoopbackHost(host)) return `names the visitor's own machine (${host})`;
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) {
    const problem = addressProblem(host, { allowLoopback: false });
    return problem && `host ${problem}`;
  }
  if (!host.includes(".")) return `must name a public host (${host} is a single-label name)`;
  if (LOCAL_NETWORK.test(host)) return `names a host of a local network (${host})`;
  // Wildcard DNS services (127.0.0.1.nip.io, 10-0-0-1.sslip.io) answer with the address the name spells out.
  for (const [spelled] of host.matchAll(/(?<![\d])\d{1,3}(?:[.-]\d{1,3}){3}(?![\d])/g)) {
    const address = spelled.replace(/-/g, ".");
    if (isIPv4(address) && addressProblem(address, { allowLoopback: false }))
      return `names a host that spells out an address that is not public (${host})`;
  }
  return undefined;
}

/**
 * Names that resolve only inside a network: mDNS (RFC 6762), the private-use .internal, home networks (RFC 8375),
 * and the suffixes ICANN found most used inside networks (its name-collision study: .lan, .home, .corp…).
 */
const LOCAL_NETWORK = /(?:^|\.)(?:local|internal|home\.arpa|lan|home|corp|localdomain|intranet|private)$/;

/**
 * Plain http image URLs only in development: NODE_ENV set to development (next dev sets it), not merely unset, so a
 * production sync or server that forgot NODE_ENV still refuses them (config()'s NODE_ENV defaults to development).
 */
export const httpImagesAllowed = isDevelopment;
