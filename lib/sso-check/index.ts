/**
 * The partner validator (./validator.ts) and the brand's silent-SSO test page, whose trace walks the brand's own
 * relying party (lib/auth) step by step. Client components take the checklist's items from ./items.ts, which holds
 * nothing of the server.
 */

export { loadTrace, startTestFrom, TEST_START_PATH, testCallback, testerCookieOf, type TraceStep } from "./trace";
