import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A relying party nobody here wrote: Apache with Debian's mod_auth_openidc (2.4.12 on Debian 12), as a partner's
 * intranet would run it. One Apache in the foreground on a loopback port, its whole configuration generated into a
 * temporary directory of its own (server root, pid file, mutexes, logs, pages): nothing of the system's Apache is
 * read or changed, and parallel runs do not collide. Each site is a name-based virtual host
 * `http://<name>.localhost:<port>` with its own OpenID provider and client, and two protected places:
 * `/private/` (an interactive sign-in) and `/silent/` (the same with prompt=none). Both show the claims
 * mod_auth_openidc passes to the application (OIDCPassClaimsAs environment), echoed by mod_include.
 */
export interface ApacheRpSite {
  /** The host label: the site answers on http://<name>.localhost:<port>. */
  name: string;
  /** The provider's issuer; mod_auth_openidc reads <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: "client_secret_basic" | "client_secret_post";
  /** The CA the provider's certificate chains to (copied in: Apache's workers may not read the provider's files). */
  caFile: string;
}

export interface ApacheRp {
  port: number;
  /** http://<name>.localhost:<port> */
  origin(name: string): string;
  /** Apache's error log and output, for a failure's message. */
  logs(): string;
  stop(): Promise<void>;
}

export const APACHE_PACKAGES = ["apache2", "libapache2-mod-auth-openidc"] as const;

/** The protected places of every site. */
export const APACHE_RP_PATHS = { interactive: "/private/", silent: "/silent/" } as const;

/** The claims the protected pages show, each in an element of that id (OIDC_CLAIM_<name>), and REMOTE_USER. */
export const APACHE_RP_CLAIMS = ["sub", "email", "given_name", "family_name", "iss", "aud"] as const;

const APACHE = "/usr/sbin/apache2";
const MODULES = "/usr/lib/apache2/modules";
const NEEDED_MODULES = {
  mpm_event_module: "mod_mpm_event.so",
  authz_core_module: "mod_authz_core.so",
  authn_core_module: "mod_authn_core.so",
  authz_user_module: "mod_authz_user.so",
  include_module: "mod_include.so",
  dir_module: "mod_dir.so",
  auth_openidc_module: "mod_auth_openidc.so",
} as const;
/** Apache refuses to serve as root: as root, its workers run as this user, which owns the directory. */
const SERVICE_USER = "www-data";
const START_TIMEOUT_MS = 30_000;

/** The redirect URI of a site (to register at the provider before Apache starts). */
export function apacheRedirectUri(name: string, port: number): string {
  return `http://${name}.localhost:${port}/redirect_uri`;
}

/** Whether Apache and the modules the sites load are installed. */
export function apacheInstalled(): boolean {
  return fs.existsSync(APACHE) && Object.values(NEEDED_MODULES).every((m) => fs.existsSync(path.join(MODULES, m)));
}

/**
 * Installs the packages when missing and this process is root with apt-get, as the tier does for sshd and Chromium;
 * otherwise says the command to run. The system's own Apache is never used: in a container of this machine kind
 * Debian's policy-rc.d keeps apt from starting it, and where apt does start it (port 80), nothing here talks to it.
 */
export function ensureApache(): void {
  if (apacheInstalled()) return;
  const command = `apt-get install -y --no-install-recommends ${APACHE_PACKAGES.join(" ")}`;
  if (process.getuid?.() !== 0 || spawnSync("sh", ["-c", "command -v apt-get"]).status !== 0)
    throw new Error(`Apache with mod_auth_openidc is not installed: run \`sudo ${command}\` (or \`npm run pretest\`)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", ...APACHE_PACKAGES],
  ]) {
    const run = spawnSync("apt-get", args, { env, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${run.status}): ${run.stderr.slice(-500)}`);
  }
  if (!apacheInstalled())
    throw new Error(`Apache with mod_auth_openidc still missing after apt-get: run \`${command}\``);
}

/** The page of a protected place: each claim HTML-escaped (mod_include's default encoding), nothing else. */
function claimsPage(): string {
  const rows = APACHE_RP_CLAIMS.map((c) => `<dt>${c}</dt><dd id="${c}"><!--#echo var="OIDC_CLAIM_${c}" --></dd>`).join(
    "\n",
  );
  return `<!DOCTYPE html>
<html><head><title>Signed in</title></head><body>
<h1>Signed in</h1>
<dl>
${rows}
<dt>REMOTE_USER</dt><dd id="remote_user"><!--#echo var="REMOTE_USER" --></dd>
</dl>
</body></html>
`;
}

function virtualHost(site: ApacheRpSite, opts: { port: number; caFile: string; passphrase: string }): string {
  const protectedPlace = (where: string, extra = "") => `  <Location ${where}>
    AuthType openid-connect
    Require valid-user
    OIDCPassClaimsAs environment${extra}
  </Location>`;
  return `<VirtualHost 127.0.0.1:${opts.port}>
  ServerName ${site.name}.localhost
  OIDCProviderMetadataURL ${site.issuer}/.well-known/openid-configuration
  OIDCClientID ${site.clientId}
  OIDCClientSecret ${site.clientSecret}
  OIDCProviderTokenEndpointAuth ${site.tokenEndpointAuthMethod}
  OIDCRedirectURI ${apacheRedirectUri(site.name, opts.port)}
  OIDCCryptoPassphrase ${opts.passphrase}
  OIDCScope "openid email profile"
  OIDCRemoteUserClaim sub
  OIDCCABundlePath ${opts.caFile}
${protectedPlace(APACHE_RP_PATHS.interactive)}
${protectedPlace(APACHE_RP_PATHS.silent, "\n    OIDCPathAuthRequestParams prompt=none")}
  <Location /redirect_uri>
    AuthType openid-connect
    Require valid-user
  </Location>
</VirtualHost>
`;
}

function httpdConf(opts: { dir: string; port: number; root: boolean; sites: string[] }): string {
  const d = opts.dir;
  const modules = Object.entries(NEEDED_MODULES)
    .map(([name, file]) => `LoadModule ${name} ${path.join(MODULES, file)}`)
    .join("\n");
  return `ServerRoot ${d}
DefaultRuntimeDir ${d}/run
PidFile ${d}/run/httpd.pid
Mutex file:${d}/run default
ErrorLog ${d}/error.log
LogLevel warn
${modules}
${opts.root ? `User ${SERVICE_USER}\nGroup ${SERVICE_USER}` : ""}
Listen 127.0.0.1:${opts.port}
ServerName 127.0.0.1
StartServers 1
ServerLimit 1
ThreadsPerChild 16
MaxRequestWorkers 16
MinSpareThreads 1
MaxSpareThreads 16
DocumentRoot ${d}/htdocs
DirectoryIndex index.shtml
<Directory ${d}/htdocs>
  Options +IncludesNoExec
  Require all granted
  <Files "*.shtml">
    SetOutputFilter INCLUDES
    ForceType "text/html; charset=utf-8"
  </Files>
</Directory>
# The first host is the default one: what answers the readiness check on 127.0.0.1.
<VirtualHost 127.0.0.1:${opts.port}>
  ServerName 127.0.0.1
</VirtualHost>
${opts.sites.join("\n")}`;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/**
 * Starts Apache with one virtual host per site on `port` (chosen beforehand: the providers must know the redirect
 * URIs before Apache starts), installing the packages first when missing and root. Resolves once Apache answers on
 * the port.
 */
export async function startApacheRp(opts: { port: number; sites: ApacheRpSite[] }): Promise<ApacheRp> {
  ensureApache();
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "apache-rp-"));
  for (const sub of ["run", "htdocs/private", "htdocs/silent"]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const page = claimsPage();
  for (const place of ["private", "silent"]) fs.writeFileSync(path.join(dir, "htdocs", place, "index.shtml"), page);
  const ready = randomBytes(8).toString("hex");
  fs.writeFileSync(path.join(dir, "htdocs", "ready.txt"), ready);
  const passphrase = randomBytes(24).toString("base64url");
  const sites = opts.sites.map((site) => {
    const caFile = path.join(dir, `${site.name}-provider-ca.pem`);
    fs.copyFileSync(site.caFile, caFile);
    return virtualHost(site, { port: opts.port, caFile, passphrase });
  });
  const conf = path.join(dir, "httpd.conf");
  // Client secrets and the passphrase are in it: readable by its owner only.
  fs.writeFileSync(conf, httpdConf({ dir, port: opts.port, root, sites }), { mode: 0o600 });
  if (root) execFileSync("chown", ["-R", `${SERVICE_USER}:${SERVICE_USER}`, dir]);
  // The configuration stays root's: the parent reads it before it hands the workers to the service user.
  if (root) fs.chownSync(conf, 0, 0);

  let output = "";
  const child = spawn(APACHE, ["-f", conf, "-DFOREGROUND"], {
    env: { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  // If this process ends without stopping it, Apache follows.
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  const logs = () => {
    const errorLog = path.join(dir, "error.log");
    return `${output}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8").slice(-10_000) : ""}`;
  };
  const stop = async () => {
    process.off("exit", kill);
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        const taken = /Address already in use/.test(logs()) ? ` (port ${opts.port} was taken)` : "";
        throw new Error(`apache2 exited (${child.exitCode ?? child.signalCode})${taken}: ${logs()}`);
      }
      // Bounded: whatever else holds the port may accept and never answer. The token tells this Apache from another.
      const res = await fetch(`http://127.0.0.1:${opts.port}/ready.txt`, { signal: AbortSignal.timeout(2000) }).catch(
        () => undefined,
      );
      if (res?.status === 200 && (await res.text()) === ready) break;
      if (Date.now() > deadline)
        throw new Error(`Apache did not answer within ${START_TIMEOUT_MS / 1000} s: ${logs()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    port: opts.port,
    origin: (name) => `http://${name}.localhost:${opts.port}`,
    logs,
    stop,
  };
}
