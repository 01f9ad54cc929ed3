/**
 * The operators' pages and endpoints: their sign-in, sessions, status, health and metrics access.
 */
export { OPS_COOKIE, OPS_PATH, endOpsSession, isOpsAuthorized, startOpsSession } from "./auth";
export { metricsResponse } from "./metrics";
export { operatorRoute } from "./route";
export { opsAccess, type OpsAccess } from "./session";
export { ARRIVALS_DAYS, health, loadStatus } from "./status";
export { METRICS_PATH, bearerRefusal, isOpsHost, isOpsToken, metricsServed, opsToken, tokenTry } from "./token";
