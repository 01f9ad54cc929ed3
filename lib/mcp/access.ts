import { config } from "@/lib/config";
import { IpAllowlist, isLoopbackAddress, type RequestFacts, AppError, routedPath } from "@/lib/http/node";
import { store } from "@/lib/store";
import { cachedKey, findKey, issuedKey, type McpKey } from "./keys";
import { networkFailures } from "@/lib/limits";

/** The path of the assistant endpoint (spec §4.2) on every brand host. */
export const MCP_PATH = "/mcp";

/**
 * A request target that names the assistant endpoint in another spelling ("/MCP", "/%6dcp", "/mcp/", "/x/../mcp"):
 * its origin form as "/mcp" with the query kept, else undefined. lib/server and proxy.ts send such a request to the
 * route, where the access rules run: Next alone would answer a 404 or a redirect, and a refusal must not depend on
 * how the path is spelled.
 */
export function canonicalMcpTarget(target: string): string | undefined {
  if (!/^\/mcp$/i.test(routedPath(target))) return undefined;
  const query = /\?[^#]*/.exec(target)?.[0] ?? "";
  const canonical = `${MCP_PATH}${query}`;
  return canonical === target ? undefined : canonical;
}

/** Who a request is, once admitted: the anonymous tier, or a partner key (spec §5). */
export type Admission = { tier: "anonymous"; address?: string } | { tier: "partner"; key: McpKey; address?: string };

/** What admission reads of a request: its query and the Host it named (for messages). */
export interface McpRequestLine {
  searchParams: URLSearchParams;
  host: string | null;
}

/**
 * Spec §5's rules for the assistant endpoint, in order: HTTPS only (plain HTTP answered only for a client on this
 * machine that came through no proxy, or under the MCP_ALLOW_HTTP development switch); no api_key is the anonymous
 * tier, never IP-restricted; an api_key must be one issued and not revoked; a key restricted to IP ranges is refused
 * with HTTP 403 from any other address (or when the address is unknown). The route runs it first, before the body is
 * read, from the facts lib/server recorded (lib/http/request-facts.ts).
 */
export async function admit(line: McpRequestLine, facts: RequestFacts): Promise<Admission> {
  const cfg = config();
  // A local client straight to this server (development, tests, the demo); a proxy on this machine forwarding
  // someone else's request says so in its headers and is not one. Under `next dev` nothing records the scheme.
  const local = isLoopbackAddress(facts.address) && !facts.forwarded;
  const httpAllowed = cfg.MCP_ALLOW_HTTP || local || (!facts.known && cfg.NODE_ENV !== "production");
  if (!facts.https && !httpAllowed) {
    const host = line.host && /^[\w.:[\]-]{1,300}$/.test(line.host) ? line.host : "{brand host}";
    throw new AppError({
      code: "HTTPS_REQUIRED",
      message: `The assistant endpoint answers HTTPS only: use https://${host}${MCP_PATH}`,
    });
  }
  const given = line.searchParams.getAll("api_key");
  if (given.length === 0) {
    const misspelt = [...line.searchParams.keys()].find((k) => /^api[-_]?key$/i.test(k));
    if (misspelt) throw unknownKey(`The parameter is api_key (lower case, with an underscore), not ${misspelt}`);
    return { tier: "anonymous", address: facts.address };
  }
  if (given.length > 1) throw unknownKey("api_key is given more than once: pass your key once");
  const presented = given[0]!;
  if (!presented)
    throw unknownKey("api_key is empty: pass the key you were issued, or leave api_key out for anonymous use");
  const key = await lookUp(presented, facts.address);
  if (!key) {
    throw unknownKey(
      "This api_key is not one we issued. Check it with your account manager, or leave api_key out for anonymous use",
    );
  }
  if (key.revokedAt) {
    throw unknownKey(
      `This api_key was revoked on ${key.revokedAt.slice(0, 10)}. Ask your account manager for a new one, or leave api_key out for anonymous use`,
    );
  }
  if (!new IpAllowlist(key.ipRanges).allows(facts.address)) {
    throw new AppError({
      code: "ADDRESS_NOT_ALLOWED",
      message: facts.address
        ? `This api_key may not be used from ${facts.address}: it is restricted to the IP ranges given when it was issued`
        : "This api_key is restricted to IP ranges and the client's address is unknown here",
    });
  }
  return { tier: "partner", key, address: facts.address };
}

/**
 * A presented key: an issued one is recognised first, from memory (keys.ts), so unknown keys from the same network
 * never refuse it (shared egress: AI platforms, NAT). Only unknown keys are counted per client network, and past
 * MCP_UNKNOWN_KEY_LIMIT in a window only they are refused, without a look in the store (guessing costs it nothing).
 * Under the limit, a key not in memory is looked up once (one issued since memory was filled works at once).
 */
async function lookUp(presented: string, address: string | undefined): Promise<McpKey | null> {
  const db = (await store()).db;
  const known = cachedKey(presented) || (await issuedKey(db, presented));
  if (known) return known;
  const failures = networkFailures("unknown_key", address);
  if (!(await failures.attempt())) {
    throw new AppError({
      code: "RATE_LIMITED",
      message: "Too many unknown api_keys from your network. Please wait a couple of minutes, then try your key again.",
      details: { tier: "unknown_key" },
    });
  }
  const key = await findKey(db, presented);
  if (key) await failures.succeeded();
  return key;
}

/**
 * A key that is not one in force: 403, not 401. MCP clients with an authorization provider answer any 401 by starting
 * OAuth discovery, and the partner would see an OAuth error instead of this message.
 */
function unknownKey(message: string): AppError {
  return new AppError({ code: "UNKNOWN_API_KEY", field: "api_key", message });
}
