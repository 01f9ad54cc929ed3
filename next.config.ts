import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and Node-only modules stay out of the server bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "ssh2", "ssh2-sftp-client", "pino"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
