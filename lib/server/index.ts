import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import next from "next";
import { prepareSignOn } from "@/lib/auth/node";
import { config } from "@/lib/config";
import {
  recordFacts,
  AppError,
  errorResponse,
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  strictTransportSecurity,
} from "@/lib/http/node";
import { log } from "@/lib/log";
import { builtAppRouteLabeler, collectProcessMetrics, timeRequest } from "@/lib/metrics";
import { canonicalMcpTarget } from "@/lib/mcp/node";
import { keepCatalogFresh } from "@/lib/search";
import { prepareTracking, stopArrivalRecorder } from "@/lib/tracking";
import { prepareExchangeRates } from "@/lib/exchange-rates";
import { compressWhole } from "./compress";
import { absoluteFormRefusal, dropInternalHeaders } from "./request-target";
import { fairUse } from "./fair";

/**
 * X-Forwarded-Proto set to the scheme this server established (a TLS socket, or what the trusted proxies said:
 * RequestFacts.https), whatever a client sent, and X-Forwarded-Host dropped: the brand and every URL built for the
 * browser come from the Host header. Auth.js and requestOrigin build URLs and cookie flags from these headers, so a
 * client without a trusted proxy in front must not be able to choose its scheme, and a malformed value would fail
 * every page of a brand.
 */
export function forwardedHeaders(req: http.IncomingMessage, https: boolean): void {
  req.headers["x-forwarded-proto"] = https ? "https" : "http";
  delete req.headers["x-forwarded-host"];
}

/** An answer of this server's own (Next never sees the request): JSON, with the API's security headers. */
async function sendResponse(res: http.ServerResponse, response: Response): Promise<void> {
  for (const { key, value } of COMMON_SECURITY_HEADERS) res.setHeader(key, value);
  res.setHeader("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Methods Next cannot answer (it fails with a 500 on them): refused here with 405. */
const UNSUPPORTED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);

/**
 * A request Next must not see: a method it cannot answer, or a request target that is neither a path nor an absolute
 * URL ("*"): a client error, answered here rather than as Next's 500 (which also logs the target, query and all).
 */
function malformed(req: http.IncomingMessage): Response | undefined {
  if (UNSUPPORTED_METHODS.has(req.method ?? "")) {
    return errorResponse(new AppError({ code: "METHOD_NOT_ALLOWED", message: `${req.method} is not supported` }));
  }
  if (!req.url?.startsWith("/") && !/^https?:\/\//i.test(req.url ?? "")) {
    return errorResponse(
      new AppError({ code: "INVALID_REQUEST_TARGET", message: "The request target must be a path" }),
    );
  }
  return undefined;
}

/** Route handlers that answer JSON (the API and the assistant endpoint), as opposed to pages. */
const JSON_ROUTES = /^\/(?:(?:v1|api)\/|mcp(?:$|\?))/;

/**
 * The production server: Next's request handler behind response compression. Next 16 drops a route handler's own
 * Content-Encoding header and its built-in compression knows only gzip and deflate, so compression happens here
 * (next.config.ts turns the built-in one off): br, gzip or deflate as the request's Accept-Encoding asks, for every
 * response of at least COMPRESS_MIN_BYTES (1 KB) — the API's complete JSON bodies in one call at the fastest
 * settings (./compress.ts), pages as streams (brotli quality 4).
 */
export async function startServer(opts: { port: number; hostname?: string; dir?: string }) {
  const hostname = opts.hostname ?? "127.0.0.1";
  prepareSignOn();
  prepareTracking();
  prepareExchangeRates();
  // No hostname for Next: with one, a proxy.ts rewrite's URL (built on "localhost") differs from the URL Next builds
  // of the request (on the hostname), so Next takes the rewrite for an external one and proxies it to itself forever.
  const dir = opts.dir ?? process.cwd();
  const app = next({ dev: false, dir, port: opts.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const {
    TRUSTED_PROXY_HOPS: trustedHops,
    COMPRESS_MIN_BYTES: compressMinBytes,
    METRICS_ENABLED: metricsEnabled,
    SHUTDOWN_GRACE_SECONDS: graceSeconds,
  } = config();
  // Prometheus metrics (lib/metrics): every request timed here, where each one passes, labelled by route pattern.
  const routeLabel = metricsEnabled ? builtAppRouteLabeler(dir) : undefined;
  if (metricsEnabled) collectProcessMetrics();
  const compressStreams = compression({
    threshold: compressMinBytes,
    // Brotli's default 4 MB window costs more to set up than a page takes to render; 256 KB covers any page.
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) =>
    handle(req, res).catch((e: unknown) => {
      log.error({ err: (e as Error).message, url: req.url?.split("?")[0] }, "request handler failed");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "INTERNAL", message: "An unexpected error occurred." } }));
    });
  // The responses in progress, so that a shutdown can let them finish and then close their connections.
  const inProgress = new Set<http.ServerResponse>();
  let closing = false;
  const server = http.createServer((req, res) => {
    if (routeLabel) timeRequest(req, res, routeLabel);
    inProgress.add(res);
    res.once("close", () => {
      inProgress.delete(res);
      // Draining: the connection this response leaves idle is closed at once, not kept alive for the next request.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    if (closing) res.shouldKeepAlive = false;
    // Before forwardedHeaders: the facts read the forwarded headers as the trusted proxies wrote them.
    const facts = recordFacts(req, trustedHops);
    dropInternalHeaders(res);
    // HSTS on every answer that came over TLS (a TLS socket, or a trusted proxy's X-Forwarded-Proto), never over http.
    const hsts = strictTransportSecurity(facts.https);
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    forwardedHeaders(req, facts.https);
    // Next takes a page's nonce from the request's policy header: only the proxy sets it (a client's never counts,
    // on paths the proxy skips too).
    delete req.headers["content-security-policy"];
    const refused = malformed(req) ?? absoluteFormRefusal(req);
    if (refused) return void sendResponse(res, refused);
    // Every spelling of the assistant endpoint reaches its route, where its access rules run (spec §5): Next would
    // answer "/mcp/" with a redirect and "/MCP" with a 404 before any rule ran.
    const mcp = canonicalMcpTarget(req.url ?? "");
    if (mcp) req.url = mcp;
    // The costly routes wait their turn or are refused here, before Next spends anything on them.
    void fairUse(req, res, facts)
      .then((refusal) => (refusal ? sendResponse(res, refusal) : pass(req, res)))
      .catch((e: unknown) => {
        log.error({ err: (e as Error).message }, "fair-use check failed");
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { code: "INTERNAL", message: "An unexpected error occurred." } }));
      });
  });
  const pass = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // JSON route handlers answer with complete bodies: compressed whole. Pages may stream: compressed as a stream.
    if (JSON_ROUTES.test(req.url ?? "")) {
      compressWhole(req, res, compressMinBytes);
      return void serve(req, res);
    }
    compressStreams(req as Parameters<typeof compressStreams>[0], res as Parameters<typeof compressStreams>[1], () =>
      serve(req, res),
    );
  };
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, hostname, resolve);
  });
  const url = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${opts.port}`;
  // Readiness: /api/health loads the store and the places, so the first real request does not wait for them.
  const health = await fetch(`${url}/api/health`).catch((e: unknown) => e as Error);
  if (health instanceof Error || !health.ok) {
    log.warn({ status: health instanceof Error ? health.message : health.status }, "not ready yet: /api/health failed");
  }
  const stopCatalog = keepCatalogFresh();
  return {
    server,
    url,
    /**
     * Stops taking connections (a load balancer's next try goes to another instance: HAProxy retries a refused
     * connection), lets the requests in progress finish for up to SHUTDOWN_GRACE_SECONDS, each answered with
     * `Connection: close`, closes every connection as it goes idle, then cuts what is left and writes the arrivals
     * still in memory (lib/tracking/recorder.ts).
     */
    close: async (graceMs = graceSeconds * 1000) => {
      closing = true;
      stopCatalog();
      for (const res of inProgress) if (!res.headersSent) res.shouldKeepAlive = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inProgress.size) log.info({ inProgress: inProgress.size, graceMs }, "stopping: letting requests finish");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      if (inProgress.size) {
        log.warn({ cut: inProgress.size, graceMs }, "stopping: requests still in progress after the grace period cut");
        server.closeAllConnections();
      }
      await stopArrivalRecorder().catch((e: unknown) =>
        log.warn({ err: (e as Error).message }, "arrivals not written"),
      );
      await closed;
    },
  };
}
