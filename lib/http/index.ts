/**
 * HTTP for route handlers and the server: errors, bodies, origins, outbound fetches, security headers. Code that
 * runs without Next (commands, workers, Playwright, tests) imports ./node.ts, which leaves out next/server.
 */
export { IpAllowlist, isLoopbackAddress, loggedAddress, parseIpRange } from "./address";
export { MAX_JSON_BODY_BYTES, readFormBody, readJsonBody } from "./body";
export { AppError, apiNotFound, errorResponse, isAppError, methodNotAllowed, toErrorBody } from "./errors";
export { startGuardProxy, type GuardProxy, type GuardProxyRefusal } from "./guard-proxy";
export { escapeHtml } from "./html";
export { loopbackFetch } from "./loopback-fetch";
export { NdjsonStream } from "./ndjson";
export { onBrowserOrigin } from "./browser-origin";
export { headersOrigin, requestOrigin } from "./origin";
export {
  OutboundRefused,
  addressProblem,
  guardedFetch,
  idpUrlProblem,
  isLoopbackHost,
  loopbackOriginProblem,
  targetKey,
} from "./outbound";
export { seeOther } from "./redirect";
export { recordFacts, requestFacts, type RequestFacts } from "./request-facts";
export { route, type Answer, type NoParams, type RouteOptions } from "./route";
export { routedPath } from "./routed-path";
export { assertSameOrigin } from "./same-origin";
export {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  STATIC_CONTENT_SECURITY_POLICY,
  newNonce,
  pageContentSecurityPolicy,
  strictTransportSecurity,
} from "./security-headers";
export { jsonSchemaOf, parseBody } from "./zod";
