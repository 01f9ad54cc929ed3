import http from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import next from "next";
import { prepareSignOn } from "@/lib/auth/secret";
import { config } from "@/lib/config";
import { recordFacts, type RequestFacts } from "@/lib/http/client";
import { log } from "@/lib/log";
import { admit } from "@/lib/mcp/access";
import { mcpErrorResponse } from "@/lib/mcp/errors";
import { COMPRESS_THRESHOLD, compressWhole } from "./compress";

/**
 * X-Forwarded-Proto reduced to the scheme a TLS proxy in front states (its first value, http or https; anything else
 * dropped), and X-Forwarded-Host dropped: the brand and every URL built for the browser come from the Host header.
 * Auth.js builds URLs from both headers as they come, and a malformed one would fail every page of a brand.
 */
export function forwardedHeaders(req: http.IncomingMessage): void {
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]!
    .trim()
    .toLowerCase();
  if (proto === "http" || proto === "https") req.headers["x-forwarded-proto"] = proto;
  else delete req.headers["x-forwarded-proto"];
  delete req.headers["x-forwarded-host"];
}

/** The assistant endpoint, however its path is spelled (case, trailing slash, percent-encoding of its letters). */
const MCP_PATHS = /^\/(?:m|%6d)(?:c|%63)(?:p|%70)(?:[/?#]|$)/i;

/** The refusal of an assistant-endpoint request at the edge (access rules), or undefined to let it through. */
async function mcpEdge(req: http.IncomingMessage, facts: RequestFacts): Promise<Response | undefined> {
  try {
    // The Host as the client sent it (messages name it); one that is no host name fails here, and the route 404s it.
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    await admit(url, facts);
    return undefined;
  } catch (e) {
    return mcpErrorResponse(e);
  }
}

async function sendResponse(res: http.ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Route handlers that answer JSON (the API), as opposed to pages. */
const JSON_ROUTES = /^\/(v1|api)\//;

/**
 * The production server: Next's request handler behind response compression. Next 16 drops a route handler's own
 * Content-Encoding header and its built-in compression knows only gzip and deflate, so compression happens here
 * (next.config.ts turns the built-in one off): br (quality 4), gzip or deflate as the request's Accept-Encoding asks,
 * for every response above 1 KB — the API's complete JSON bodies in one call (./compress.ts), pages as streams.
 */
export async function startServer(opts: { port: number; hostname?: string; dir?: string }) {
  const hostname = opts.hostname ?? "127.0.0.1";
  prepareSignOn();
  // No hostname for Next: with one, a proxy.ts rewrite's URL (built on "localhost") differs from the URL Next builds
  // of the request (on the hostname), so Next takes the rewrite for an external one and proxies it to itself forever.
  const app = next({ dev: false, dir: opts.dir ?? process.cwd(), port: opts.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const compressStreams = compression({
    threshold: COMPRESS_THRESHOLD,
    // Brotli's default 4 MB window costs more to set up than a page takes to render; 256 KB covers any page.
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) =>
    handle(req, res).catch((e: unknown) => {
      log.error({ err: (e as Error).message, url: req.url?.split("?")[0] }, "request handler failed");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "INTERNAL", message: "An unexpected error occurred." } }));
    });
  const trustedHops = config().TRUSTED_PROXY_HOPS;
  const server = http.createServer((req, res) => {
    // Before forwardedHeaders: the facts read the forwarded headers as the trusted proxies wrote them.
    const facts = recordFacts(req, res, trustedHops);
    forwardedHeaders(req);
    if (MCP_PATHS.test(req.url ?? "")) {
      // The assistant endpoint's access rules at the edge (spec §5 rule 1): a refused request never reaches Next.
      return void mcpEdge(req, facts).then(
        (refusal) => {
          if (refusal) return sendResponse(res, refusal);
          compressWhole(req, res);
          return serve(req, res);
        },
        (e: unknown) => sendResponse(res, mcpErrorResponse(e)),
      );
    }
    // JSON route handlers answer with complete bodies: compressed whole. Pages may stream: compressed as a stream.
    if (JSON_ROUTES.test(req.url ?? "")) {
      compressWhole(req, res);
      return void serve(req, res);
    }
    compressStreams(req as Parameters<typeof compressStreams>[0], res as Parameters<typeof compressStreams>[1], () =>
      serve(req, res),
    );
  });
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
  return {
    server,
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
