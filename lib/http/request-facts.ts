import { randomUUID } from "node:crypto";
import type http from "node:http";
import { processShared } from "@/lib/runtime/shared";
import { clientAddress, lastListValue } from "./address";

/**
 * What only the server in front of Next knows about a request: the client's address (the socket's peer, or what the
 * trusted proxies saw) and whether it came over HTTPS. lib/server records them per request under a random id it
 * puts in FACTS_HEADER (always overwriting one a client sent); a route reads them back by that id. Under `next dev`
 * (no lib/server) a route finds none and must treat the address as unknown and the scheme as plain HTTP.
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

const table = () => processShared("request-facts", () => new Map<string, RequestFacts>());

/** lib/server: records a request's facts until its response ends. */
export function recordFacts(req: http.IncomingMessage, res: http.ServerResponse, trustedHops: number): RequestFacts {
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
  const id = randomUUID();
  const t = table();
  t.set(id, facts);
  req.headers[FACTS_HEADER] = id;
  res.once("close", () => t.delete(id));
  return facts;
}

/** A route: the facts lib/server recorded for this request, or unknown ones. */
export function requestFacts(headers: Headers): RequestFacts {
  const id = headers.get(FACTS_HEADER);
  return (id && table().get(id)) || { https: false, forwarded: false, known: false };
}
