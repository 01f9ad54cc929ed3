/** Auth.js's own endpoints on every brand host (session, sign-in and sign-out actions): lib/auth owns them. */
export { GET, POST } from "@/lib/auth/route";

export const dynamic = "force-dynamic";
