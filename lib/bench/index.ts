export { BUDGET_HEADER, PAGE_TYPES, budgetRows, measurePageScripts } from "./js-budget";
