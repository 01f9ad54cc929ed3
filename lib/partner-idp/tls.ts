import { spawnSync } from "node:child_process";
import { createHash, randomBytes, X509Certificate } from "node:crypto";
import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { log } from "@/lib/log";
import { PARTNER_NAME } from "./options";

/**
 * The provider's own HTTPS material: a local CA and a server certificate it signed, made with the openssl command-line
 * tool at first start and reused afterwards. HTTPS because spec §5 SSO rule 3 needs a Secure session cookie, and
 * oidc-provider adds Secure only on HTTPS requests. Nothing is downloaded; clients trust the CA explicitly
 * (NODE_EXTRA_CA_CERTS for Node, the SPKI hash for Chromium).
 */
export interface TlsMaterial {
  key: string;
  cert: string;
  /** PEM of the CA, to trust in clients. */
  ca: string;
  caFile: string;
  /** base64 SHA-256 of the server certificate's SubjectPublicKeyInfo (--ignore-certificate-errors-spki-list). */
  spkiSha256: string;
}

const CA_DAYS = 3650;
/** Browsers cap server certificates at 398 days. */
const SERVER_DAYS = 397;
/** A server certificate closer than this to its end is issued anew at start. */
const RENEW_BEFORE_MS = 30 * 86_400_000;

function openssl(args: string[], cwd: string): void {
  const run = spawnSync("openssl", args, { cwd, encoding: "utf8" });
  if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new Error(
      "the partner IdP needs the openssl command-line tool to make its local TLS certificate (apt-get install openssl)",
    );
  }
  if (run.status !== 0) {
    const detail = (run.stderr || String(run.error ?? "")).trim().split("\n").pop() ?? "";
    throw new Error(`openssl ${args[0]} failed: ${detail}`);
  }
}

/** An empty file with mode 0600 first, so the private key openssl writes into it is never readable by others. */
function privateFile(file: string): void {
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, "", { mode: 0o600 });
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function subjectAltNames(hostname: string): string {
  const names = ["DNS:localhost", "DNS:*.localhost", "IP:127.0.0.1", "IP:::1"];
  const extra = isIP(hostname) ? `IP:${hostname}` : `DNS:${hostname}`;
  if (!names.includes(extra)) names.push(extra);
  return names.join(",");
}

function covers(cert: X509Certificate, hostname: string): boolean {
  return isIP(hostname) ? cert.checkIP(hostname) !== undefined : cert.checkHost(hostname) !== undefined;
}

/**
 * What the local CA may vouch for (RFC 5280 name constraints): this machine's names and the IdP's host name. Its
 * key can then mint no certificate that a client trusting the CA (the demo's app, through NODE_EXTRA_CA_CERTS) would
 * take for another site.
 */
function permittedNames(hostname: string): string[] {
  const names = ["DNS:localhost", "IP:127.0.0.0/255.0.0.0", "IP:::1/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"];
  if (
    hostname !== "localhost" &&
    !hostname.endsWith(".localhost") &&
    !hostname.startsWith("127.") &&
    hostname !== "::1"
  )
    names.push(
      isIP(hostname) === 4
        ? `IP:${hostname}/255.255.255.255`
        : isIP(hostname) === 6
          ? `IP:${hostname}/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff`
          : `DNS:${hostname}`,
    );
  return names;
}

function makeCa(dir: string, hostname: string): void {
  privateFile(path.join(dir, "ca-key.pem"));
  const permitted = permittedNames(hostname);
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-sha256",
      "-nodes",
      "-days",
      String(CA_DAYS),
      "-keyout",
      "ca-key.pem",
      "-out",
      "ca.pem",
      "-subj",
      `/O=${PARTNER_NAME} (demo)/CN=${PARTNER_NAME} local CA`,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
      "-addext",
      `nameConstraints=critical,${permitted.map((n) => `permitted;${n}`).join(",")}`,
    ],
    dir,
  );
  fs.writeFileSync(path.join(dir, "ca-names.json"), JSON.stringify(permitted));
}

/** Whether the CA in `dir` was made to vouch for `hostname` (a CA of an earlier version, without constraints, is not). */
function caPermits(dir: string, hostname: string): boolean {
  const recorded = readIfExists(path.join(dir, "ca-names.json"));
  if (!recorded) return false;
  const names = new Set(JSON.parse(recorded) as string[]);
  return permittedNames(hostname).every((n) => names.has(n));
}

function makeServerCert(dir: string, hostname: string): void {
  privateFile(path.join(dir, "server-key.pem"));
  openssl(
    [
      "req",
      "-new",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "server-key.pem",
      "-out",
      "server.csr",
      "-subj",
      "/CN=localhost",
    ],
    dir,
  );
  fs.writeFileSync(
    path.join(dir, "server.ext"),
    [
      "basicConstraints=critical,CA:FALSE",
      "keyUsage=critical,digitalSignature,keyEncipherment",
      "extendedKeyUsage=serverAuth",
      `subjectAltName=${subjectAltNames(hostname)}`,
      "subjectKeyIdentifier=hash",
      "authorityKeyIdentifier=keyid,issuer",
      "",
    ].join("\n"),
  );
  openssl(
    [
      "x509",
      "-req",
      "-in",
      "server.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca-key.pem",
      "-set_serial",
      `0x${randomBytes(16).toString("hex")}`,
      "-days",
      String(SERVER_DAYS),
      "-sha256",
      "-extfile",
      "server.ext",
      "-out",
      "server.pem",
    ],
    dir,
  );
  fs.rmSync(path.join(dir, "server.csr"), { force: true });
  fs.rmSync(path.join(dir, "server.ext"), { force: true });
}

/** The CA and server certificate under <dataDir>/tls/, made or renewed as needed (hostname not covered, expiring). */
export function ensureTls(dataDir: string, hostname: string): TlsMaterial {
  const dir = path.join(dataDir, "tls");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: string) => path.join(dir, name);

  let caPem = readIfExists(file("ca.pem"));
  const caUsable =
    caPem !== undefined &&
    fs.existsSync(file("ca-key.pem")) &&
    caPermits(dir, hostname) &&
    new Date(new X509Certificate(caPem).validTo).getTime() - Date.now() > RENEW_BEFORE_MS;
  if (!caUsable) {
    makeCa(dir, hostname);
    caPem = fs.readFileSync(file("ca.pem"), "utf8");
    log.info({ caFile: file("ca.pem") }, "partner IdP: local CA created");
  }
  const ca = new X509Certificate(caPem!);

  let certPem = readIfExists(file("server.pem"));
  let key = readIfExists(file("server-key.pem"));
  const current = certPem ? new X509Certificate(certPem) : undefined;
  const certUsable =
    caUsable &&
    current !== undefined &&
    key !== undefined &&
    current.verify(ca.publicKey) &&
    covers(current, hostname) &&
    new Date(current.validTo).getTime() - Date.now() > RENEW_BEFORE_MS;
  if (!certUsable) {
    makeServerCert(dir, hostname);
    certPem = fs.readFileSync(file("server.pem"), "utf8");
    key = fs.readFileSync(file("server-key.pem"), "utf8");
    log.info({ hostname }, "partner IdP: server certificate issued");
  }
  const spki = new X509Certificate(certPem!).publicKey.export({ type: "spki", format: "der" });
  return {
    key: key!,
    cert: certPem!,
    ca: caPem!,
    caFile: path.resolve(file("ca.pem")),
    spkiSha256: createHash("sha256").update(spki).digest("base64"),
  };
}
