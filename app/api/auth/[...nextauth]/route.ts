/** Auth.js's session endpoint (and its CSRF token and provider list) on every brand host: lib/auth/route.ts. */
export { GET } from "@/lib/auth/route";

export const dynamic = "force-dynamic";
