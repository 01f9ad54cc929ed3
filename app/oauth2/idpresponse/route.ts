import { idpResponse } from "@/lib/auth/idpresponse";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** spec §4.4: the relying party's callback that partners allow-list ({rp_domain}/oauth2/idpresponse). */
export const GET = route(idpResponse);
