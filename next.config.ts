import type { NextConfig } from "next";
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  STATIC_CONTENT_SECURITY_POLICY,
} from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // Native and Node-only modules stay out of the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "ssh2", "ssh2-sftp-client", "pino", "compression", "prom-client"],
  poweredByHeader: false,
  // Responses are compressed by lib/server (br, gzip, deflate); Next's built-in compression knows only gzip/deflate.
  compress: false,
  reactStrictMode: true,
  // Security headers (lib/http/security-headers.ts) on every response, pages and API alike; the JSON routes' CSP here
  // (they do not pass the proxy: a proxy in front of a POST route makes Next copy the request body for it). Pages get
  // theirs, with a nonce, from proxy.ts; HSTS comes from lib/server, which knows whether the request came over TLS.
  async headers() {
    const api = [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }];
    const files = [{ key: "Content-Security-Policy", value: STATIC_CONTENT_SECURITY_POLICY }];
    return [
      { source: "/:path*", headers: [...COMMON_SECURITY_HEADERS] },
      { source: "/api/:path*", headers: api },
      { source: "/v1/:path*", headers: api },
      { source: "/mcp", headers: api },
      { source: "/mcp/:path*", headers: api },
      // Every path the proxy skips gets a policy here, a missing file's HTML not-found page included.
      { source: "/_next/static/:path*", headers: files },
      { source: "/_next/image", headers: files },
      { source: "/sample-images/:path*", headers: files },
      { source: "/brands/:path*", headers: files },
      { source: "/favicon.ico", headers: files },
      { source: "/icon.svg", headers: files },
    ];
  },
};

export default nextConfig;
