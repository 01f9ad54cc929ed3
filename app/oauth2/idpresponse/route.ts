import type { NextRequest } from "next/server";
import { idpResponse } from "@/lib/auth";
import { route } from "@/lib/http";
import { selfSignCallback } from "@/lib/onboarding";
import { testCallback } from "@/lib/sso-check";

export const dynamic = "force-dynamic";

/**
 * spec §4.4: the relying party's callback that partners allow-list ({rp_domain}/oauth2/idpresponse). The validator's
 * round trips come back here too (a "sign in yourself" run's, the test page's): each answers only its own, and
 * whatever they leave is the brand's sign-in.
 */
export const GET = route(
  async (request: NextRequest) =>
    (await selfSignCallback(request)) ?? (await testCallback(request)) ?? idpResponse(request),
);
