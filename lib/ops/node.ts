export { METRICS_PATH, bearerRefusal, metricsServed } from "./token";
