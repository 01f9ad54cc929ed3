/**
 * Settings: the environment, parsed once and checked (./settings.ts), and the parsers other folders share.
 */
export {
  ClientsFileError,
  parseClientsFile,
  readClientsFile,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type RegisteredClient,
  type TokenEndpointAuthMethod,
} from "./partner-idp-clients";
export { scheduleOf, scheduleProblem } from "./schedule";
export { chromiumPath, environment, isDevelopment, testSettings, underCi, type Environment } from "./env";
export { PAUSE_STEPS, type PauseAt, type PauseStep } from "./sync-pause";
export { logLevel } from "./log-level";
export {
  configuredUrl,
  expandIPv6,
  isLoopbackHost,
  networkAddress,
  normalizeAddress,
  parseIpRange,
  type IpRange,
} from "./net";
export { tileOrigin, tileTemplateProblem } from "./tile-server";
export { tileUrl, type TileServer } from "./tile-url";
export { ConfigError, config, parseConfig, type Config } from "./settings";
