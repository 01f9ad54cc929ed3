import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { APACHE_PACKAGES, apacheInstalled, LEMONLDAP_PACKAGES, lemonLdapInstalled, answers } from "@/lib/testing";
import { chromiumPath, environment } from "@/lib/config";

/**
 * npm test's first step (pretest): what the test tiers need on this machine. Debian packages that are missing are
 * installed when running as root with apt-get (as a fresh CI machine of this kind is); otherwise the one command to
 * run is printed. PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 are started when installed but stopped.
 */
const PACKAGES: { what: string; present: () => boolean; pkg: string }[] = [
  {
    what: "OpenSSH server (SFTP tests)",
    present: () => all("/usr/sbin/sshd"),
    pkg: "openssh-server",
  },
  { what: "ssh-keygen", present: () => onPath("ssh-keygen"), pkg: "openssh-client" },
  {
    what: "Chromium (browser tests)",
    present: () => all(chromiumPath()),
    pkg: "chromium",
  },
  { what: "openssl (the partner IdP's certificate)", present: () => onPath("openssl"), pkg: "openssl" },
  { what: "HAProxy (several instances behind a load balancer)", present: () => onPath("haproxy"), pkg: "haproxy" },
  {
    what: "promtool (Prometheus's own checker of the metrics scrape and the alert rules)",
    present: () => onPath("promtool"),
    pkg: "prometheus",
  },
  {
    what: "LemonLDAP::NG (an independent identity provider)",
    present: lemonLdapInstalled,
    pkg: LEMONLDAP_PACKAGES.join(" "),
  },
  {
    what: "Apache with mod_auth_openidc (an independent relying party)",
    present: apacheInstalled,
    pkg: APACHE_PACKAGES.join(" "),
  },
];

function all(...files: string[]): boolean {
  return files.every((f) => fs.existsSync(f));
}
function onPath(cmd: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

async function main(): Promise<void> {
  const missing = PACKAGES.filter((p) => !p.present());
  if (missing.length) {
    const pkgs = missing.flatMap((p) => p.pkg.split(" "));
    console.log(`test prerequisites missing: ${missing.map((p) => p.what).join(", ")}`);
    const root = process.getuid?.() === 0;
    if (!root || !onPath("apt-get")) {
      console.error(`install them first: sudo apt-get install -y --no-install-recommends ${pkgs.join(" ")}`);
      process.exit(1);
    }
    console.log(`installing Debian packages: ${pkgs.join(" ")} (apt-get, a minute or two)`);
    const env = { ...environment(), DEBIAN_FRONTEND: "noninteractive" };
    // Another install on this machine (an unattended upgrade, a second test run) holds dpkg's lock: wait for it.
    const lock = ["-o", "DPkg::Lock::Timeout=600"];
    for (const args of [
      ["update", "-qq", ...lock],
      ["install", "-y", "-qq", "--no-install-recommends", ...lock, ...pkgs],
    ]) {
      const run = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (run.status !== 0) {
        console.error(
          `apt-get ${args[0]} failed (exit ${run.status}); install by hand: apt-get install -y ${pkgs.join(" ")}`,
        );
        process.exit(1);
      }
    }
    const still = PACKAGES.filter((p) => !p.present());
    if (still.length) {
      console.error(`still missing after apt-get: ${still.map((p) => p.what).join(", ")}`);
      process.exit(1);
    }
  }
  if (!(await answers(5432))) {
    const versions = fs.existsSync("/etc/postgresql") ? fs.readdirSync("/etc/postgresql") : [];
    if (versions[0]) {
      console.log(`starting PostgreSQL ${versions[0]} (it was not answering on 127.0.0.1:5432)`);
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", versions[0], "main", "start"], { stdio: "inherit" });
    }
    for (let i = 0; i < 30 && !(await answers(5432)); i++) await new Promise((r) => setTimeout(r, 1000));
    if (!(await answers(5432))) {
      console.error(
        "PostgreSQL does not answer on 127.0.0.1:5432 (database test, trust auth): the store tests need it",
      );
      process.exit(1);
    }
  }
  if (!(await answers(6379))) {
    if (onPath("redis-server")) {
      console.log("starting Redis (it was not answering on 127.0.0.1:6379)");
      spawnSync(
        "redis-server",
        ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", "6379", "--save", "", "--appendonly", "no"],
        { stdio: "inherit" },
      );
    }
    for (let i = 0; i < 10 && !(await answers(6379)); i++) await new Promise((r) => setTimeout(r, 500));
    if (!(await answers(6379))) {
      console.error(
        "Redis does not answer on 127.0.0.1:6379: the assistant endpoint's shared rate-limit tests need it",
      );
      process.exit(1);
    }
  }
  console.log(
    "test prerequisites: OpenSSH server, Chromium, openssl, HAProxy, promtool, LemonLDAP::NG, Apache with mod_auth_openidc, PostgreSQL and Redis are here",
  );
}

void main();
