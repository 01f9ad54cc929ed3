import { route } from "@/lib/http";
import { stopSelfSignFrom } from "@/lib/onboarding";

export const dynamic = "force-dynamic";

/** The run page's Stop button (a form): ends this browser's run with what it found (lib/onboarding/self-sign.ts). */
export const POST = route(stopSelfSignFrom);
