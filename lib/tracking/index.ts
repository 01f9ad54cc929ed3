/**
 * Partner tracking: signed search links, arrivals from partners and hand-offs to them.
 */
export { arrivalsByLabel, trackArrival, unverifiedArrivals } from "./arrivals";
export { handoffLink, handoffsByBrand, judgeHandoff, trackHandoff } from "./handoff";
export { arrivalRecorder, stopArrivalRecorder } from "./recorder";
export { searchLinkParts } from "./search-links";
export { prepareTracking, trackingKey, verifyTracking } from "./signature";
