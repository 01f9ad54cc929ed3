/**
 * The partner validator (./node.ts) and the brand's silent-SSO test page, whose trace walks the brand's own
 * relying party (lib/auth) step by step. Client components take the checklist's items from ./client.ts, which holds
 * nothing of the server.
 */
export {
  call,
  checkAuthorizeInBrowser,
  checkAuthorizeRefusals,
  checkDiscovery,
  checkIdToken,
  checkJwks,
  CheckRun,
  checkTokenExchange,
  checkTokenRefusals,
  checkUserinfo,
  CHECK_ITEMS,
  formatReport,
  IdpBrowser,
  isOptional,
  itemOf,
  MAX_SELECTOR_LENGTH,
  parseStepSelectors,
  referenceInput,
  RESULT_LABEL,
  resultLine,
  runSsoCheck,
  selectorProblem,
  selectorsProblem,
  shownItems,
  startReference,
  trustLocalCa,
  verdict,
  type CheckItemId,
  type CheckResult,
  type Code,
  type ShownItem,
  type SsoCheckInput,
  type SsoCheckReport,
  type StepSelectors,
} from "./node";
export { loadTrace, startTestFrom, TEST_START_PATH, testCallback, testerCookieOf, type TraceStep } from "./trace";
