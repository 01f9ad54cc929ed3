import type { NextRequest } from "next/server";
import { signOutForm } from "@/lib/auth/forms";
import { errorResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** The brand header's "Sign out" form (lib/auth/forms.ts). */
export async function POST(request: NextRequest) {
  try {
    return await signOutForm(request);
  } catch (e) {
    return errorResponse(e);
  }
}
