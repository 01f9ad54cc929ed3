import { route } from "@/lib/http";
import { startSelfSignFrom } from "@/lib/onboarding";

export const dynamic = "force-dynamic";

/** The sign-in-yourself link's Start button (a form): binds the run to this browser (lib/onboarding/self-sign.ts). */
export const POST = route(startSelfSignFrom);
