import { signInForm } from "@/lib/auth/forms";
import { handled } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** The brand header's "Sign in" form (lib/auth/forms.ts). */
export const POST = handled(signInForm);
