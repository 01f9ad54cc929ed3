import type { NextRequest } from "next/server";
import type { Brand } from "@/lib/brands";
import type { SsoSettings } from "@/lib/brands/registry";
import { store } from "@/lib/store";
import { continueSelfSign, pendingSelfSign } from "./self-sign-http";
import { finishTest, pendingTest } from "./trace";

/**
 * The validator's own round trips through a brand's callback ({rp_domain}/oauth2/idpresponse, lib/auth/idpresponse.ts),
 * answered here, or undefined for a callback of the brand's sign-on. "Sign in yourself" walks a partner's browser
 * through the brand's registered callback whether or not the brand's own sign-on is in force here (`sso` unset); the
 * silent-SSO test page runs a sign-in of its own that never signs anyone in. Handed to the callback by its route, so
 * that lib/auth does not import the validator that is built on it.
 */
export async function validatorCallback(
  brand: Brand,
  sso: SsoSettings | undefined,
  request: NextRequest,
): Promise<Response | undefined> {
  // Only a browser its cookie binds to a waiting run.
  const selfSign = await pendingSelfSign(brand, request);
  if (selfSign) return continueSelfSign(request, selfSign);
  if (!sso) return undefined;
  const test = await pendingTest(brand, request);
  if (test) return finishTest((await store()).db, brand, sso, request, test);
  return undefined;
}
