import { idpResponse } from "@/lib/auth/idpresponse";
import { handled } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** spec §4.4: the relying party's callback that partners allow-list ({rp_domain}/oauth2/idpresponse). */
export const GET = handled(idpResponse);
