/**
 * The partner validator (./validator.ts) and the brand's silent-SSO test page, whose trace walks the brand's own
 * relying party (lib/auth) step by step.
 */
export * from "./validator";
export { loadTrace, startTestFrom, TEST_START_PATH, testCallback, testerCookieOf, type TraceStep } from "./trace";
