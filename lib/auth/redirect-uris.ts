import type { Brand } from "@/lib/brands/node";

/** spec §4.4, §4.6: the relying party's callback that partners allow-list: {rp_domain}/oauth2/idpresponse. */
export const IDPRESPONSE_PATH = "/oauth2/idpresponse";

/**
 * The redirect URIs a brand gives its partner (spec §4.6 step 2): the callback on every host the brand answers on,
 * with the scheme and port of its canonical URL (session cookies are host-only, so a visitor must come back to the
 * host they used).
 */
export function idpResponseUris(brand: Pick<Brand, "hosts" | "canonicalUrl">): string[] {
  const { protocol, port } = new URL(brand.canonicalUrl);
  return brand.hosts.map((host) => `${protocol}//${host}${port ? `:${port}` : ""}${IDPRESPONSE_PATH}`);
}

/**
 * The redirect URI for a visitor on `origin`, or undefined when it is not one the partner registered (a host
 * written another way, another port, http behind a TLS proxy that did not say https): the IdP would refuse it on an
 * error page of its own, where the visitor would be stranded.
 */
export function registeredRedirectUri(
  brand: Pick<Brand, "hosts" | "canonicalUrl">,
  origin: string,
): string | undefined {
  const uri = `${origin}${IDPRESPONSE_PATH}`;
  return idpResponseUris(brand).includes(uri) ? uri : undefined;
}
