import type { NextRequest } from "next/server";
import { signInForm } from "@/lib/auth/forms";
import { errorResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** The brand header's "Sign in" form (lib/auth/forms.ts). */
export async function POST(request: NextRequest) {
  try {
    return await signInForm(request);
  } catch (e) {
    return errorResponse(e);
  }
}
