/**
 * Test support shared by vitest files and Playwright specs: servers, stores, identity providers, fixtures.
 */
export {
  APACHE_PACKAGES,
  APACHE_RP_PATHS,
  apacheInstalled,
  apacheRedirectUri,
  startApacheRp,
  type ApacheRp,
  type ApacheRpSite,
} from "./apache-rp";
export { startAppServer, type AppServer } from "./app-server";
export {
  AURORA_KEY,
  SAKURA_KEY,
  post,
  seededStore,
  startBrandServer,
  startNearbyServer,
  validBody,
  type NearbyServer,
} from "./brand-server";
export { cliEntry, runCli, runSyncCli } from "./cli";
export { hotel, quietLog, range, syncDir, tempDir, writeExport } from "./exports";
export { clientRequest, startHaproxy, type Haproxy } from "./haproxy";
export { BROWSER_HEADERS, HttpBrowser, samePage, type Hop, type Visit } from "./http-browser";
export {
  LEMONLDAP_PACKAGES,
  LEMONLDAP_USER,
  LEMONLDAP_USER_CLAIMS,
  lemonLdapInstalled,
  startLemonLdap,
  type LemonLdap,
} from "./lemonldap";
export { capturingLog } from "./log";
export { loopbackName } from "./loopback-name";
export { startOtherService } from "./other-service";
export { answers, freePort } from "./ports";
export { CHROMIUM, missingLine, missingSync } from "./preflight";
export { promtool, sampleValue, samples, type Sample } from "./prometheus";
export { sshdAvailable, startRelay, startSftpServer, type SftpServer } from "./sftp-server";
export {
  SSO_BRANDS,
  TEST_AUTH_SECRET,
  ssoBrandsFile,
  ssoClients,
  ssoEnv,
  startSsoApp,
  type SsoApp,
  type SsoBrand,
} from "./sso-app";
export { STORE_KINDS, TEST_POSTGRES_URL, openTestStore, type TestStore } from "./store";
export { startTestOp, type Misbehaviour, type TestOp, type TestOpClient } from "./test-op";
export { eastKm, northKm, place } from "./places";
