import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";
import { testSettings } from "@/lib/config";

/**
 * A real LemonLDAP::NG 2.16 (Debian's `lemonldap-ng`) as an OpenID provider nobody here wrote: its portal served by
 * nginx on a free loopback port in front of `llng-fastcgi-server` on a Unix socket, its whole configuration (one
 * lmConf JSON file: the OIDC issuer, a fresh RSA signing key, one client) written into a temporary directory of its
 * own, with its sessions, caches, pid files and logs. Nothing of the system's LemonLDAP::NG or nginx is used or
 * touched, so parallel runs do not collide. Demo users of its file-less "Demo" backend: dwho/dwho, rtyler/rtyler.
 */
export interface LemonLdap {
  /** The issuer (the portal's URL without a trailing slash), as its discovery document names it. */
  issuer: string;
  port: number;
  /** The registered client (its redirect URIs as given). */
  client: LemonLdapClient;
  /** Its logs (nginx's errors and the FastCGI server's stderr), for a failure's message. */
  logs(): string;
  stop(): Promise<void>;
}

export interface LemonLdapClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export const LEMONLDAP_USER = { username: "dwho", password: "dwho" } as const;
/** What the Demo backend knows of dwho, and the claims the client gets (names split from its `cn`). */
export const LEMONLDAP_USER_CLAIMS = {
  sub: "dwho",
  email: "dwho@badwolf.org",
  given_name: "Doctor",
  family_name: "Who",
} as const;

/** The Debian packages, and the Perl modules the portal asks for at start that the package does not pull in. */
export const LEMONLDAP_PACKAGES = [
  "lemonldap-ng",
  "lemonldap-ng-fastcgi-server",
  "nginx-light",
  "libstring-random-perl",
  "libcrypt-openssl-bignum-perl",
  "libconvert-base32-perl",
  "libcookie-baker-xs-perl",
  "libhttp-parser-xs-perl",
  "libapache-session-browseable-perl",
  "libio-string-perl",
  "libipc-run-perl",
  "libmime-tools-perl",
  "libunicode-string-perl",
  "libio-socket-timeout-perl",
  "libemail-sender-perl",
  "libgd-securityimage-perl",
  // The portal loads its captcha module at every start, and that draws with ImageMagick.
  "libimage-magick-perl",
] as const;

const FASTCGI = "/usr/sbin/llng-fastcgi-server";
const NGINX = "/usr/sbin/nginx";
const PORTAL = "/usr/share/lemonldap-ng/portal/htdocs";
/** The Perl modules checked to tell whether the packages above are all there (one per package not a program). */
const PERL_MODULES = [
  "String::Random",
  "Crypt::OpenSSL::Bignum",
  "Convert::Base32",
  "Cookie::Baker::XS",
  "HTTP::Parser::XS",
  "Apache::Session::Browseable",
  "IO::String",
  "IPC::Run",
  "MIME::Tools",
  "Unicode::String",
  "IO::Socket::Timeout",
  "Email::Sender",
  "GD::SecurityImage",
  "Image::Magick",
  "Lemonldap::NG::Portal",
];
/** The unprivileged user the FastCGI server runs as when the tests run as root (it refuses to run as root). */
const SERVICE_USER = "www-data";
const START_TIMEOUT_MS = 60_000;

/** Whether LemonLDAP::NG, nginx and every Perl module the portal needs are installed. */
export function lemonLdapInstalled(): boolean {
  if (!fs.existsSync(FASTCGI) || !fs.existsSync(NGINX) || !fs.existsSync(PORTAL)) return false;
  const use = PERL_MODULES.map((m) => `use ${m};`).join(" ");
  return spawnSync("perl", ["-e", use], { stdio: "ignore" }).status === 0;
}

/**
 * Installs the packages when missing and this process is root with apt-get (apt-get update once, then install), as
 * the tier does for sshd and Chromium; otherwise says the one command to run.
 */
export function ensureLemonLdap(): void {
  if (lemonLdapInstalled()) return;
  const command = `apt-get install -y --no-install-recommends ${LEMONLDAP_PACKAGES.join(" ")}`;
  if (process.getuid?.() !== 0 || spawnSync("sh", ["-c", "command -v apt-get"]).status !== 0)
    throw new Error(`LemonLDAP::NG is not installed: run \`sudo ${command}\` (or \`npm run pretest\` as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", ...LEMONLDAP_PACKAGES],
  ]) {
    const run = spawnSync("apt-get", args, { env, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${run.status}): ${run.stderr.slice(-500)}`);
  }
  if (!lemonLdapInstalled()) throw new Error(`LemonLDAP::NG still missing after apt-get: run \`${command}\``);
}

/** The whole configuration of the portal (one lmConf file): the OIDC issuer, its signing key, one client. */
function lmConf(opts: { portal: string; issuer: string; dir: string; client: LemonLdapClient }) {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const store = (name: string) => ({
    Directory: path.join(opts.dir, name),
    LockDirectory: path.join(opts.dir, name, "lock"),
  });
  return {
    cfgNum: 1,
    cfgVersion: "2.16.1",
    cfgAuthor: "tests",
    cfgDate: String(Math.floor(Date.now() / 1000)),
    authentication: "Demo",
    userDB: "Same",
    passwordDB: "Demo",
    registerDB: "Null",
    portal: opts.portal,
    // The cookie's Domain: the portal's host (an IP address: a host-only cookie in the browser).
    domain: new URL(opts.portal).hostname,
    cookieName: "lemonldap",
    // LemonLDAP::NG's defaults, written down: what a partner who installs it and changes nothing serves.
    securedCookie: 0,
    sameSite: "",
    portalSkin: "bootstrap",
    whatToTrace: "uid",
    timeout: 72000,
    demoExportedVars: { cn: "cn", mail: "mail", uid: "uid" },
    // The Demo backend knows a full name only: the names the client's claims need are taken from it.
    macros: {
      givenName: "(split(/ /, $cn))[0]",
      familyName: "(split(/ /, $cn, 2))[1]",
    },
    globalStorage: "Apache::Session::File",
    globalStorageOptions: {
      ...store("sessions"),
      generateModule: "Lemonldap::NG::Common::Apache::Session::Generate::SHA256",
    },
    persistentStorage: "Apache::Session::File",
    persistentStorageOptions: store("psessions"),
    localSessionStorage: "Cache::FileCache",
    localSessionStorageOptions: {
      cache_root: path.join(opts.dir, "cache"),
      cache_depth: 3,
      default_expires_in: 600,
      directory_umask: "007",
      namespace: "lemonldap-ng-sessions",
    },
    notification: 0,
    loginHistoryEnabled: 0,
    locationRules: { [new URL(opts.portal).host]: { default: "accept" } },
    exportedHeaders: {},
    issuerDBOpenIDConnectActivation: 1,
    oidcServiceMetaDataIssuer: opts.issuer,
    oidcServicePrivateKeySig: privateKey,
    oidcServicePublicKeySig: publicKey,
    oidcServiceKeyIdSig: randomBytes(8).toString("hex"),
    oidcRPMetaDataOptions: {
      brand: {
        oidcRPMetaDataOptionsClientID: opts.client.clientId,
        oidcRPMetaDataOptionsClientSecret: opts.client.clientSecret,
        oidcRPMetaDataOptionsRedirectUris: opts.client.redirectUris.join(" "),
        oidcRPMetaDataOptionsIDTokenSignAlg: "RS256",
        oidcRPMetaDataOptionsBypassConsent: 1,
        oidcRPMetaDataOptionsIDTokenForceClaims: 1,
        oidcRPMetaDataOptionsPublic: 0,
        oidcRPMetaDataOptionsDisplayName: "Brand",
      },
    },
    oidcRPMetaDataExportedVars: {
      brand: { email: "mail", given_name: "givenName", family_name: "familyName", name: "cn" },
    },
  };
}

/** nginx in front of the FastCGI socket, on 127.0.0.1 only, everything it writes inside `dir`. */
function nginxConf(opts: { dir: string; port: number; socket: string; root: boolean }): string {
  const d = opts.dir;
  return `${opts.root ? `user ${SERVICE_USER};` : ""}
worker_processes 1;
daemon off;
pid ${d}/nginx.pid;
error_log ${d}/nginx-error.log warn;
events { worker_connections 128; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${d}/nginx-tmp/body;
  fastcgi_temp_path ${d}/nginx-tmp/fastcgi;
  proxy_temp_path ${d}/nginx-tmp/proxy;
  uwsgi_temp_path ${d}/nginx-tmp/uwsgi;
  scgi_temp_path ${d}/nginx-tmp/scgi;
  server {
    listen 127.0.0.1:${opts.port};
    server_name _;
    root ${PORTAL}/;
    if ($uri !~ ^/((static|javascript|favicon).*|.*\\.psgi)) {
      rewrite ^/(.*)$ /index.psgi/$1 break;
    }
    location ~ ^(?<sc>/.*\\.psgi)(?:$|/) {
      include /etc/nginx/fastcgi_params;
      fastcgi_pass unix:${opts.socket};
      # The portal builds its URLs from the Host the browser used, port included.
      fastcgi_param HTTP_HOST $http_host;
      fastcgi_param LLTYPE psgi;
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_split_path_info ^(.*\\.psgi)(/.*)$;
      fastcgi_param PATH_INFO $fastcgi_path_info;
    }
    location /static/ { alias ${PORTAL}/static/; }
    location /javascript/ { alias /usr/share/javascript/; }
  }
}
`;
}

/** Resolves once `check` is true, polling while `alive` holds; throws with `why()` otherwise. */
async function until(check: () => Promise<boolean>, alive: () => string | undefined, why: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const dead = alive();
    if (dead) throw new Error(`${dead}: ${why()}`);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`LemonLDAP::NG did not answer within 60 s: ${why()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
 * Starts LemonLDAP::NG's portal with one client (installing the packages first when missing and root) and waits for
 * its discovery document. `port`: a free port chosen beforehand (a relying party configured with the issuer before
 * the provider starts); any free one otherwise.
 */
export async function startLemonLdap(client: LemonLdapClient, opts: { port?: number } = {}): Promise<LemonLdap> {
  ensureLemonLdap();
  // A free port can be taken between the check and nginx's bind: nginx then exits, and another port is tried (unless
  // the caller chose the port).
  for (let attempt = 1; ; attempt++) {
    try {
      return await tryStart(client, opts.port ?? (await freePort()));
    } catch (e) {
      if (!(e instanceof PortTaken) || opts.port !== undefined || attempt >= 3) throw e;
    }
  }
}

class PortTaken extends Error {}

async function tryStart(client: LemonLdapClient, port: number): Promise<LemonLdap> {
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lemonldap-"));
  for (const sub of ["conf", "sessions/lock", "psessions/lock", "cache", "nginx-tmp"])
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const portal = `http://127.0.0.1:${port}/`;
  const issuer = portal.replace(/\/$/, "");
  const socket = path.join(dir, "llng.sock");
  fs.writeFileSync(
    path.join(dir, "conf", "lmConf-1.json"),
    JSON.stringify(lmConf({ portal, issuer, dir, client }), null, 1),
  );
  fs.writeFileSync(
    path.join(dir, "lemonldap-ng.ini"),
    [
      "[all]",
      `logLevel = ${testSettings().LLNG_LOG_LEVEL}`,
      "checkTime = 1",
      "[configuration]",
      "type = File",
      `dirName = ${path.join(dir, "conf")}`,
      "[portal]",
      "staticPrefix = /static",
      "templateDir = /usr/share/lemonldap-ng/portal/templates",
      "languages = en",
      "[handler]",
      "status = 0",
      "",
    ].join("\n"),
  );
  fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConf({ dir, port, socket, root }));
  // The FastCGI server refuses to run as root: as root, it and nginx's worker run as www-data, which owns the
  // directory (sessions, caches, the socket).
  if (root) execFileSync("chown", ["-R", `${SERVICE_USER}:${SERVICE_USER}`, dir]);

  let stderr = "";
  const keep = (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(0, 100_000);
  };
  const fastcgi = spawn(
    FASTCGI,
    [
      "--foreground",
      "--socket",
      socket,
      "--pid",
      path.join(dir, "llng.pid"),
      "--proc",
      "2",
      ...(root ? ["--user", SERVICE_USER, "--group", SERVICE_USER] : []),
    ],
    {
      env: {
        NODE_ENV: process.env.NODE_ENV,
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        LLNG_DEFAULTCONFFILE: path.join(dir, "lemonldap-ng.ini"),
        // To stderr, not syslog (which this machine kind has not).
        LLNG_DEFAULTLOGGER: "Lemonldap::NG::Common::Logger::Std",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  fastcgi.stdout!.on("data", keep);
  fastcgi.stderr!.on("data", keep);
  let nginx: ChildProcess | undefined;
  // If this process ends without stopping them, they follow.
  const kill = () => {
    fastcgi.kill("SIGKILL");
    nginx?.kill("SIGKILL");
  };
  process.once("exit", kill);
  const logs = () => {
    const nginxLog = path.join(dir, "nginx-error.log");
    return `${stderr}${fs.existsSync(nginxLog) ? fs.readFileSync(nginxLog, "utf8").slice(-5000) : ""}`;
  };
  const stop = async () => {
    process.off("exit", kill);
    await Promise.all([nginx && stopChild(nginx), stopChild(fastcgi)]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const dead = () =>
    fastcgi.exitCode !== null
      ? `llng-fastcgi-server exited (${fastcgi.exitCode})`
      : nginx && nginx.exitCode !== null
        ? `nginx exited (${nginx.exitCode})`
        : undefined;
  try {
    // nginx once the FastCGI server listens (its socket is there), then the portal's discovery document.
    await until(async () => fs.existsSync(socket), dead, logs);
    nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "nginx-error.log")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    nginx.stdout!.on("data", keep);
    nginx.stderr!.on("data", keep);
    await until(
      async () => {
        // Bounded: whatever else holds the port may accept and never answer.
        const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(2000),
        }).catch(() => undefined);
        if (res?.status !== 200) return false;
        const doc = (await res.json().catch(() => undefined)) as { issuer?: unknown } | undefined;
        return doc?.issuer === issuer;
      },
      dead,
      logs,
    );
  } catch (e) {
    const taken = /Address already in use/.test(logs());
    await stop();
    throw taken ? new PortTaken(`port ${port} was taken`) : e;
  }
  return { issuer, port, client, logs, stop };
}
