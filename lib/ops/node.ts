/**
 * The part of lib/ops that runs without Next's request scope: the metrics token check (proxy.ts).
 */
export { METRICS_PATH, bearerRefusal, metricsServed } from "./token";
