import type { NextRequest } from "next/server";
import { idpResponse } from "@/lib/auth/idpresponse";
import { errorResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** spec §4.4: the relying party's callback that partners allow-list ({rp_domain}/oauth2/idpresponse). */
export async function GET(request: NextRequest) {
  try {
    return await idpResponse(request);
  } catch (e) {
    return errorResponse(e);
  }
}
