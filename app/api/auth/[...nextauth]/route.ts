/** Auth.js's session endpoint (and its CSRF token and provider list) on every brand host: lib/auth/route.ts. */
export { authEndpoints as GET } from "@/lib/auth";

export const dynamic = "force-dynamic";
