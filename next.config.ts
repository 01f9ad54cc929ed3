import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and Node-only modules stay out of the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "ssh2", "ssh2-sftp-client", "pino", "compression"],
  poweredByHeader: false,
  // Responses are compressed by lib/server (br, gzip, deflate); Next's built-in compression knows only gzip/deflate.
  compress: false,
  reactStrictMode: true,
  // Security headers on every response, pages and API alike (here rather than in a proxy: a proxy in front of a POST
  // route makes Next copy the request body for it).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
