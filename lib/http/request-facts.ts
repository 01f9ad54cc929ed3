import { randomBytes, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { processShared } from "@/lib/runtime";
import { clientAddress, lastListValue } from "./address";

/**
 * What only the server in front of Next knows about a request: the client's address (the socket's peer, or what the
 * trusted proxies saw) and whether it came over HTTPS. Next 16 gives a route neither (NextRequest lost `ip` in 15, and
 * the X-Forwarded-For Next fills in keeps whatever a client sent), so lib/server writes them into FACTS_HEADER, always
 * overwriting one a client sent, behind this process's random seal. A route reads them back from the request alone;
 * under `next dev` (no lib/server) nothing writes the header, a client's own never carries the seal, and a route
 * must treat the address as unknown and the scheme as plain HTTP.
 */
export interface RequestFacts {
  address?: string;
  https: boolean;
  /** The request came through a proxy: it carries X-Forwarded-For, X-Forwarded-Proto or Forwarded. */
  forwarded: boolean;
  /** false when no front server recorded them (`next dev`). */
  known: boolean;
}

export const FACTS_HEADER = "x-hp-request";

/** Random per process: only code in this process (lib/server) can write facts a route believes. */
const seal = () => processShared("request-facts-seal", () => ({ value: randomBytes(18).toString("base64url") })).value;

const UNKNOWN: RequestFacts = { https: false, forwarded: false, known: false };

/** lib/server: the request's facts, written into its headers for the route (a client's FACTS_HEADER replaced). */
export function recordFacts(req: http.IncomingMessage, trustedHops: number): RequestFacts {
  const forwardedFor = req.headers["x-forwarded-for"];
  const forwardedProto = req.headers["x-forwarded-proto"];
  const facts: RequestFacts = {
    address: clientAddress(
      req.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
      trustedHops,
    ),
    https:
      trustedHops > 0
        ? lastListValue(Array.isArray(forwardedProto) ? forwardedProto.join(",") : forwardedProto) === "https"
        : "encrypted" in req.socket && req.socket.encrypted === true,
    forwarded: !!(forwardedFor || forwardedProto || req.headers.forwarded),
    known: true,
  };
  req.headers[FACTS_HEADER] = `${seal()} ${facts.https ? 1 : 0}${facts.forwarded ? 1 : 0} ${facts.address ?? ""}`;
  return facts;
}

/** A route: the facts lib/server recorded for this request, or unknown ones. */
export function requestFacts(headers: Headers): RequestFacts {
  const [given, flags, address] = (headers.get(FACTS_HEADER) ?? "").split(" ");
  const expected = Buffer.from(seal());
  const presented = Buffer.from(given ?? "");
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected) || flags?.length !== 2) {
    return UNKNOWN;
  }
  return { address: address || undefined, https: flags[0] === "1", forwarded: flags[1] === "1", known: true };
}
