import { config } from "@/lib/config";
import { IpAllowlist, isLoopbackAddress } from "@/lib/http/address";
import type { RequestFacts } from "@/lib/http/client";
import { AppError } from "@/lib/http/errors";
import { store } from "@/lib/store";
import { findKey, type McpKey } from "./keys";

/** The path of the assistant endpoint (spec §4.2) on every brand host. */
export const MCP_PATH = "/mcp";

/** Who a request is, once admitted: the anonymous tier, or a partner key (spec §5). */
export type Admission = { tier: "anonymous"; address?: string } | { tier: "partner"; key: McpKey; address?: string };

/**
 * Spec §5's rules for the assistant endpoint, in order: HTTPS only (plain HTTP answered only for a client on this
 * machine, or under the MCP_ALLOW_HTTP development switch); no api_key is the anonymous tier, never IP-restricted;
 * an api_key must be one issued and not revoked; a key restricted to IP ranges is refused with HTTP 403 from any
 * other address (or when the address is unknown). lib/server runs this before Next (the edge); the route runs it again
 * for the tier, from the same facts (the key lookup is cached).
 */
export async function admit(url: URL, facts: RequestFacts): Promise<Admission> {
  const cfg = config();
  // Under `next dev` nothing in front records the scheme: development answers plain HTTP anyway.
  const httpAllowed =
    cfg.MCP_ALLOW_HTTP || isLoopbackAddress(facts.address) || (!facts.known && cfg.NODE_ENV !== "production");
  if (!facts.https && !httpAllowed) {
    throw new AppError({
      status: 403,
      code: "HTTPS_REQUIRED",
      message: `The assistant endpoint answers HTTPS only: use https://${url.host}${MCP_PATH}`,
    });
  }
  const given = url.searchParams.getAll("api_key");
  if (given.length === 0) return { tier: "anonymous", address: facts.address };
  if (given.length > 1) throw unknownKey("api_key is given more than once: pass your key once");
  const presented = given[0]!;
  if (!presented)
    throw unknownKey("api_key is empty: pass the key you were issued, or leave api_key out for anonymous use");
  const key = await findKey((await store()).db, presented);
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
      status: 403,
      code: "ADDRESS_NOT_ALLOWED",
      message: facts.address
        ? `This api_key may not be used from ${facts.address}: it is restricted to the IP ranges given when it was issued`
        : "This api_key is restricted to IP ranges and the client's address is unknown here",
    });
  }
  return { tier: "partner", key, address: facts.address };
}

function unknownKey(message: string): AppError {
  return new AppError({ status: 401, code: "UNKNOWN_API_KEY", field: "api_key", message });
}
