import { idpResponse } from "@/lib/auth/idpresponse";
import { route } from "@/lib/http/route";
import { validatorCallback } from "@/lib/sso-check/callback";

export const dynamic = "force-dynamic";

/**
 * spec §4.4: the relying party's callback that partners allow-list ({rp_domain}/oauth2/idpresponse); the partners'
 * validator runs its own round trips through it too.
 */
export const GET = route((request) => idpResponse(request, validatorCallback));
