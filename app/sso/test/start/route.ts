import { startTestFrom } from "@/lib/sso-check";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The silent-SSO test page's button (a form): a silent sign-in of the test's own (lib/sso-check/trace.ts). */
export const POST = route(startTestFrom);
