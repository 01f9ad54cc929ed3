/**
 * The part of lib/onboarding that runs without Next's request scope: what commands and tests use.
 */
export { RUN_TTL_MS } from "./self-sign-runs";
