import { createHash, X509Certificate } from "node:crypto";
import tls from "node:tls";

/**
 * Trust in a provider whose certificate a local CA signed (the demo's reference IdP, a partner's staging set-up):
 * the CA for the validator's own requests, and the SPKI hash of the certificate the provider presents now, which
 * Chromium is told to accept (it has no option to add a CA). The certificate must verify against the CA.
 */
export async function trustLocalCa(issuer: string, caPem: string): Promise<{ caPem: string; spkiSha256: string }> {
  const url = new URL(issuer);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const der = await new Promise<Buffer>((resolve, reject) => {
    const socket = tls.connect(
      {
        host: host === "localhost" ? "127.0.0.1" : host,
        port: Number(url.port || 443),
        servername: host,
        ca: [caPem],
        timeout: 5000,
      },
      () => {
        const cert = socket.getPeerCertificate();
        socket.end();
        resolve(cert.raw);
      },
    );
    socket.once("error", reject);
    socket.once("timeout", () => socket.destroy(new Error(`${url.host} did not answer within 5 s`)));
  });
  const spki = new X509Certificate(der).publicKey.export({ type: "spki", format: "der" });
  return { caPem, spkiSha256: createHash("sha256").update(spki).digest("base64") };
}
