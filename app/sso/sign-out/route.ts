import { signOutForm } from "@/lib/auth";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The brand header's "Sign out" form (lib/auth/forms.ts). */
export const POST = route(signOutForm);
