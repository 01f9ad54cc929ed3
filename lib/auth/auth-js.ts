import NextAuth from "next-auth";
import { headers } from "next/headers";
import type { NextRequest } from "next/server";
import { brands, type Brand, BRAND_HEADERS } from "@/lib/brands/node";
import { store } from "@/lib/store";
import { authConfig, AUTH_BASE_PATH } from "./config";
import { cachedMetadata, idpMetadata } from "./discovery";
import { headersOrigin, requestOrigin } from "@/lib/http/node";
import { signedOutSince } from "./sign-out";
import { recordSignIn } from "./user-pool";

/** The brand and origin of a route handler's request (its Host), or of a page's (the headers proxy.ts set). */
async function requestBrand(req: NextRequest | undefined): Promise<{ brand: Brand; origin: string }> {
  if (req) {
    const brand = brands().forHost(req.headers.get("host"));
    // Route handlers check the host before calling Auth.js (lib/auth/route.ts); this is the last line.
    if (!brand) throw new Error("sign-on: no brand answers on this host");
    return { brand, origin: requestOrigin(req) };
  }
  const h = await headers();
  const brand = brands().get(h.get(BRAND_HEADERS.brand) ?? "");
  if (!brand) throw new Error("sign-on: the page request carries no brand (proxy.ts did not run)");
  return { brand, origin: headersOrigin(h) };
}

/** Sign-in and callback requests need the partner's endpoints; session reads do not (no request to the IdP). */
const NEEDS_ENDPOINTS = new RegExp(`^${AUTH_BASE_PATH}/(signin|callback)/`);

/**
 * Auth.js for every brand: the configuration is built per request (lazy initialisation) from the brand its host
 * names, so each brand is its own relying party with its own provider, secret and user pool.
 */
export const { handlers, auth } = NextAuth(async (req) => {
  const { brand, origin } = await requestBrand(req);
  const sso = brands().sso(brand);
  let metadata = sso && cachedMetadata(sso.issuer);
  if (sso && req && NEEDS_ENDPOINTS.test(req.nextUrl.pathname))
    metadata = await idpMetadata(sso.issuer).catch(() => metadata);
  return authConfig(brand, sso, origin, metadata, {
    async onSignIn(user) {
      if (!sso) return;
      const { db } = await store();
      await recordSignIn(db, {
        brandId: brand.id,
        providerName: sso.providerName,
        sub: user.sub,
        email: user.email,
        given_name: user.given_name,
        family_name: user.family_name,
      });
    },
    signedOutSince: (username, signedInAt) => signedOutSince(brand.id, username, signedInAt),
  });
});
