/**
 * A partner's onboarding, for the operators (spec §4.7): the steps and where each brand stands, the validator's
 * reports kept per brand and environment, the operators' runs of the validator (one at a time) and the "sign in
 * yourself" runs a partner walks in their own browser. It runs the validator (lib/sso-check); nothing there imports it.
 */
export { markStep, ONBOARDING_STEPS, onboardingOf, onboardingOfAll, type OnboardingStep } from "./onboarding";
export { beginOperatorsRun, brandById, checkFromForm, MAX_CHECK_FORM_BYTES } from "./operators";
export { loadReport, recentReports } from "./reports";
export { boundRun, linkStatus, settled, strayNote } from "./self-sign";
export { createSelfSignRun, selfSignCheckFromForm } from "./self-sign-create";
export {
  followRun,
  LINK_PROBLEMS,
  nextRoundTripFrom,
  selfSignCallback,
  startSelfSignFrom,
  stopSelfSignFrom,
} from "./self-sign-http";
export { linkOf, RUN_TTL_MS, SELF_SIGN_COOKIE, SELF_SIGN_PATH, type RoundTrip } from "./self-sign-runs";
