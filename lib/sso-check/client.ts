export { RESULT_LABEL, type CheckResult, type ShownItem } from "./items";
