import { route } from "@/lib/http";
import { nextRoundTripFrom } from "@/lib/onboarding";

export const dynamic = "force-dynamic";

/** The run page's way to the provider: this browser's pending round trip (lib/onboarding/self-sign.ts). */
export const GET = route(nextRoundTripFrom);
