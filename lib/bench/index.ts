/**
 * Benchmarks' door: what the browser tier shares with bench:js (the client JavaScript budget).
 */
export { BUDGET_HEADER, PAGE_TYPES, budgetRows, measurePageScripts } from "./js-budget";
