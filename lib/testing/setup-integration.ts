import { missing, missingLine } from "./preflight";

/**
 * The integration tier's global setup (vitest.config.ts): PostgreSQL, Redis, OpenSSH, openssl, HAProxy, LemonLDAP::NG,
 * Apache with mod_auth_openidc, promtool, the built app and the command-line bundle (built here) before the first test;
 * one line when any is missing.
 */
export default async function setup(): Promise<void> {
  const found = await missing([
    "postgres",
    "redis",
    "sshd",
    "openssl",
    "haproxy",
    "lemonldap",
    "apache",
    "promtool",
    "next-build",
    "cli-bundle",
  ]);
  if (found.length) {
    // One line, not a stack trace: what is missing and the command that brings it.
    console.error(missingLine("integration", found));
    process.exit(1);
  }
}
