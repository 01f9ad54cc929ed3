/**
 * Rate limits' door: the counters (./counters.ts) and the costly routes' fairness (./fairness.ts).
 */
export { admitCostly, costlyRequest, type CostlyRequest } from "./fairness";
export {
  charge,
  closeLimits,
  consume,
  consumeShared,
  left,
  networkFailures,
  networkOf,
  networkShare,
  peek,
  type CostlyRoute,
  type Counter,
  type LimitOutcome,
  type Tier,
} from "./counters";
