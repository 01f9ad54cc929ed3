"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { brands } from "@/lib/brands";
import { safeReturnPath } from "@/lib/brands/preferences";
import { BRAND_HEADERS } from "@/lib/brands/routing";
import { PROVIDER_ID } from "./config";
import { SSO_COOKIES, ssoCookieOptions } from "./cookies";
import { idpMetadata } from "./discovery";
import { signIn, signOut } from "./index";

async function actionContext(form: FormData) {
  const h = await headers();
  const brand = brands().get(h.get(BRAND_HEADERS.brand) ?? "");
  const sso = brand && brands().sso(brand);
  const back = form.get("return");
  return {
    sso,
    returnTo: safeReturnPath(typeof back === "string" ? back : undefined),
    secure: h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https",
    jar: await cookies(),
  };
}

/** The header's "Sign in": an interactive sign-in at the partner's IdP, back to the same page. */
export async function signInAction(form: FormData): Promise<void> {
  const { sso, returnTo, secure, jar } = await actionContext(form);
  if (!sso) redirect(returnTo);
  const reachable = await idpMetadata(sso.issuer).then(
    () => true,
    () => false,
  );
  if (!reachable) {
    jar.set(SSO_COOKIES.notice, "unavailable", ssoCookieOptions("notice", secure));
    redirect(returnTo);
  }
  // Signing in by hand lifts the sign-out marker: silent login may resume after this session ends.
  jar.delete(SSO_COOKIES.signedOut);
  jar.set(SSO_COOKIES.flow, "interactive", ssoCookieOptions("flow", secure));
  await signIn(PROVIDER_ID, { redirectTo: returnTo });
}

/** The header's "Sign out": ends the brand session (not the partner's) and keeps silent login from undoing it. */
export async function signOutAction(form: FormData): Promise<void> {
  const { returnTo, secure, jar } = await actionContext(form);
  jar.set(SSO_COOKIES.signedOut, "1", ssoCookieOptions("signedOut", secure));
  await signOut({ redirectTo: returnTo });
}
