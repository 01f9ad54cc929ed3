import { type SsoSettings, SSO_ATTRIBUTES, type SsoAttribute } from "@/lib/brands/node";
import type { IdpMetadata } from "./discovery";
import { idpError, idpFetch, idpJson } from "./idp-fetch";
import { poolUsername } from "./user-pool";

/** The signed-in partner user as the brand knows them (what Auth.js calls the user). */
export interface BrandUser {
  id: string;
  sub: string;
  username: string;
  name: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

type Attributes = Partial<Record<SsoAttribute, string>>;

/** spec §2.4: the brand's attributes from the partner's claims, through the brand's custom mapping where set. */
export function mapAttributes(claims: Record<string, unknown>, mapping: Record<string, SsoAttribute>): Attributes {
  const out: Attributes = {};
  for (const attribute of SSO_ATTRIBUTES) {
    const source = Object.keys(mapping).find((claim) => mapping[claim] === attribute) ?? attribute;
    const value = claims[source];
    if (typeof value === "string" && value.trim()) out[attribute] = value.trim().slice(0, 320);
  }
  return out;
}

/** spec §4.4: the UserInfo endpoint asked with the access token (its answer as it came). */
export function requestUserinfo(endpoint: string, accessToken: string): Promise<Response> {
  return idpFetch(endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } });
}

/**
 * The user of a verified id_token. When the token lacks one of the required attributes (email, given_name,
 * family_name) and the IdP offers UserInfo, UserInfo is asked with the access token (spec §4.4: "only when id_token
 * lacks required claims") and must answer for the same sub; otherwise the missing attributes stay empty.
 */
export async function brandUser(
  sso: SsoSettings,
  claims: Record<string, unknown>,
  accessToken: string | undefined,
  metadata: IdpMetadata | undefined,
): Promise<BrandUser> {
  const sub = claims.sub as string;
  let attributes = mapAttributes(claims, sso.attributeMapping);
  const missing = SSO_ATTRIBUTES.some((a) => !attributes[a]);
  if (missing && metadata?.userinfo_endpoint && accessToken) {
    const response = await requestUserinfo(metadata.userinfo_endpoint, accessToken);
    if (!response.ok) throw idpError("IDP_BAD_RESPONSE", `UserInfo answered ${response.status}`);
    const info = await idpJson(response, "the UserInfo answer");
    if (info.sub !== sub) throw idpError("ID_TOKEN_INVALID", "UserInfo answered for another sub than the id_token's");
    attributes = { ...mapAttributes(info, sso.attributeMapping), ...attributes };
  }
  const username = poolUsername(sso.providerName, sub);
  const fullName = [attributes.given_name, attributes.family_name].filter(Boolean).join(" ");
  return { id: username, sub, username, name: fullName || attributes.email || username, ...attributes };
}
