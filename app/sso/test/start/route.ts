import type { NextRequest } from "next/server";
import { startTestFrom } from "@/lib/sso-check/trace";
import { handled } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** The silent-SSO test page's button (a form): a silent sign-in of the test's own (lib/sso-check/trace.ts). */
export const POST = handled((request: NextRequest) => startTestFrom(request));
