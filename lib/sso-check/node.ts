/**
 * The partner validator (spec §4.7), one file per checklist group: run whole by runSsoCheck (the command, the
 * operators' runs) or item by item (a "sign in yourself" run, lib/onboarding). Nothing here needs Next, so the
 * commands, workers and unit tests import this door; everything else imports ./index.ts, which re-exports it.
 */
export { checkAuthorizeInBrowser, checkAuthorizeRefusals } from "./authorize";
export { IdpBrowser } from "./browser";
export { CheckRun, type Code } from "./context";
export { checkDiscovery } from "./discovery";
export { call } from "./http";
export { checkIdToken } from "./id-token";
export type { SsoCheckInput, StepSelectors } from "./input";
export {
  CHECK_ITEMS,
  isOptional,
  itemOf,
  RESULT_LABEL,
  shownItems,
  type CheckItemId,
  type CheckResult,
  type ShownItem,
} from "./items";
export { checkJwks } from "./jwks";
export { formatReport, resultLine, verdict } from "./report";
export { runSsoCheck, type SsoCheckReport } from "./run";
export { MAX_SELECTOR_LENGTH, parseStepSelectors, selectorProblem, selectorsProblem } from "./selectors";
export { checkTokenExchange, checkTokenRefusals } from "./token";
export { trustLocalCa } from "./trust";
export { checkUserinfo } from "./userinfo";
export { referenceInput, startReference } from "./testing";
