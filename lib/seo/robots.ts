import { type Brand, PREFERENCES_PATH, SSO_TEST_PAGE } from "@/lib/brands/node";

/**
 * Paths no crawler should fetch on a brand host: the APIs (/api, /v1, /mcp), the operators' pages (/ops), sign-on
 * (/sso, /oauth2, the sign-in page, the SSO test page), the preference switcher (it sets a cookie and redirects) and
 * the uptime page, and the booking hand-off (a counted redirect to another site, lib/tracking/handoff.ts).
 */
export const DISALLOWED_PATHS = [
  "/api/",
  "/v1/",
  "/mcp",
  "/ops",
  "/sso/",
  "/oauth2/",
  "/sign-in",
  SSO_TEST_PAGE,
  PREFERENCES_PATH,
  "/ping",
  "/rates/",
] as const;

/** The brand host's robots.txt: the pages allowed, the rest above disallowed, and its sitemap on the canonical origin. */
export function robotsTxt(brand: Brand): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${brand.canonicalUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
