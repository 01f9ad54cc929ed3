import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { apacheInstalled } from "./apache-rp";
import { buildCliBundle } from "./cli";
import { lemonLdapInstalled } from "./lemonldap";
import { answers } from "./ports";
import { TEST_POSTGRES_URL } from "./store";
import { chromiumPath } from "@/lib/config";

/**
 * What a test tier needs on this machine, checked before its first test with short timeouts: a missing service makes
 * the tier fail at once with one line naming it and the command that brings it, instead of each test failing (or
 * hanging) on its own. `npm run pretest` installs the Debian packages and starts PostgreSQL and Redis.
 */
export type Need =
  | "postgres"
  | "redis"
  | "sshd"
  | "openssl"
  | "haproxy"
  | "chromium"
  | "lemonldap"
  | "apache"
  | "promtool"
  | "next-build"
  | "cli-bundle";

const PRETEST =
  "run `npm run pretest` (installs OpenSSH, Chromium, openssl, HAProxy, promtool, LemonLDAP::NG and Apache with mod_auth_openidc, starts PostgreSQL and Redis)";
export const CHROMIUM = chromiumPath();
/** The rate-limit tests' Redis (lib/mcp/__tests__/limits.integration.test.ts). */
const REDIS_PORT = 6379;

function onPath(cmd: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

/** The checks that need no waiting: files and programs (the CLI bundle is built here when asked for). */
export function missingSync(needs: readonly Need[]): string[] {
  const missing: string[] = [];
  const has = (n: Need) => needs.includes(n);
  if (has("sshd") && !fs.existsSync("/usr/sbin/sshd")) missing.push(`the OpenSSH server (/usr/sbin/sshd): ${PRETEST}`);
  if (has("sshd") && !onPath("ssh-keygen")) missing.push(`ssh-keygen: ${PRETEST}`);
  if (has("openssl") && !onPath("openssl")) missing.push(`openssl (the partner IdP's certificate): ${PRETEST}`);
  if (has("haproxy") && !onPath("haproxy")) missing.push(`HAProxy (haproxy): ${PRETEST}`);
  if (has("chromium") && !fs.existsSync(CHROMIUM)) missing.push(`Chromium (${CHROMIUM}): ${PRETEST}`);
  if (has("lemonldap") && !lemonLdapInstalled())
    missing.push(`LemonLDAP::NG with nginx and the Perl modules its portal loads: ${PRETEST}`);
  if (has("apache") && !apacheInstalled()) missing.push(`Apache with mod_auth_openidc: ${PRETEST}`);
  if (has("promtool") && !onPath("promtool"))
    missing.push(`promtool (Prometheus's checker of scrapes and alert rules): ${PRETEST}`);
  if (has("next-build") && !fs.existsSync(".next/BUILD_ID"))
    missing.push("the built app (.next/BUILD_ID): run `npx next build`");
  if (has("cli-bundle")) {
    const failed = buildCliBundle();
    if (failed) missing.push(failed);
  }
  return missing;
}

/** Every check, the network ones (PostgreSQL, Redis) with a 2 s timeout each. */
export async function missing(needs: readonly Need[]): Promise<string[]> {
  const found = missingSync(needs);
  if (needs.includes("postgres")) {
    const u = new URL(TEST_POSTGRES_URL);
    const port = Number(u.port || 5432);
    if (!(await answers(port, 2000, u.hostname)))
      found.push(`PostgreSQL does not answer on ${u.hostname}:${port}: ${PRETEST}`);
  }
  if (needs.includes("redis") && !(await answers(REDIS_PORT)))
    found.push(`Redis does not answer on 127.0.0.1:${REDIS_PORT}: ${PRETEST}`);
  return found;
}

/** The one line a tier fails with. */
export function missingLine(tier: string, found: string[]): string {
  return `${tier} tests cannot run, missing: ${found.join("; ")}`;
}
