import { createHash, X509Certificate } from "node:crypto";
import dns from "node:dns/promises";
import net from "node:net";
import tls from "node:tls";
import { config } from "@/lib/config";
import { addressProblem, idpUrlProblem, isLoopbackHost, OutboundRefused } from "@/lib/http/node";

const CONNECT_TIMEOUT_MS = 5000;

/**
 * Trust in a provider whose certificate a local CA signed (the demo's reference IdP, a partner's staging set-up):
 * the CA for the validator's own requests, and the SPKI hash of the certificate the provider presents now, which
 * Chromium is told to accept (it has no option to add a CA). The certificate must verify against the CA.
 *
 * The connection is under the outbound rules (lib/http/outbound.ts): an https issuer, its host resolved and every
 * address public (this machine only under the development switch, SSO_DEV_ALLOW_LOOPBACK by default), connected to
 * the address checked (no second resolution); an OutboundRefused otherwise.
 */
export async function trustLocalCa(
  issuer: string,
  caPem: string,
  opts: { allowLoopback?: boolean } = {},
): Promise<{ caPem: string; spkiSha256: string }> {
  const rules = { allowLoopback: opts.allowLoopback ?? config().SSO_DEV_ALLOW_LOOPBACK };
  const nameProblem = idpUrlProblem(issuer, rules);
  if (nameProblem) throw new OutboundRefused(`${issuer.slice(0, 200)}: ${nameProblem}`);
  const url = new URL(issuer);
  if (url.protocol !== "https:")
    throw new OutboundRefused(`${url.origin}: a certificate is read over https only (the issuer uses ${url.protocol})`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  // localhost and *.localhost are this machine by definition (RFC 6761), as the guard proxy has it.
  else if (isLoopbackHost(host)) addresses = ["127.0.0.1", "::1"];
  else addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const problem = addresses.map((a) => addressProblem(a, rules)).find(Boolean);
  if (problem)
    throw new OutboundRefused(`${url.origin}: ${net.isIP(host) ? "" : "resolves to an address that "}${problem}`);

  let lastError: Error | undefined;
  for (const address of addresses) {
    try {
      return certificateTrust(await peerCertificate(address, url, host, caPem), caPem);
    } catch (e) {
      lastError = e as Error;
      // Refused on this address (nothing listening, say): the next one, as a browser would.
      if ((e as NodeJS.ErrnoException).code !== "ECONNREFUSED") throw e;
    }
  }
  throw lastError ?? new Error(`${url.host} could not be reached`);
}

/** The certificate `address` presents for `host` (SNI, and the name checked, when it is not an address). */
function peerCertificate(address: string, url: URL, host: string, caPem: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const socket = tls.connect(
      {
        host: address,
        port: Number(url.port || 443),
        ...(net.isIP(host) ? {} : { servername: host }),
        // The certificate is checked against the issuer's host, not the address connected to.
        checkServerIdentity: (_name, cert) => tls.checkServerIdentity(host, cert),
        ca: [caPem],
        timeout: CONNECT_TIMEOUT_MS,
      },
      () => {
        const cert = socket.getPeerCertificate();
        socket.end();
        resolve(cert.raw);
      },
    );
    socket.once("error", reject);
    socket.once("timeout", () =>
      socket.destroy(new Error(`${url.host} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
    );
  });
}

function certificateTrust(der: Buffer, caPem: string): { caPem: string; spkiSha256: string } {
  const spki = new X509Certificate(der).publicKey.export({ type: "spki", format: "der" });
  return { caPem, spkiSha256: createHash("sha256").update(spki).digest("base64") };
}
