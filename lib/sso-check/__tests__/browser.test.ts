import dgram from "node:dgram";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdpBrowser } from "../browser";
import type { SsoCheckInput } from "../input";

/**
 * The validator's browser against a provider that redirects it into this network: every hop of a redirect goes through
 * the outbound rules (Playwright's request interception never sees those hops), the redirect URI's request is seen
 * but never reaches the brand. Development switch on, so the provider and the brand can be loopback servers.
 */
let idp: http.Server;
let brand: http.Server;
let issuer: string;
let redirectUri: string;
const brandHits: string[] = [];
let browser: IdpBrowser;
/** Answers the browser got from the targets a provider must not reach. */
const forbiddenAnswers: string[] = [];

const FORBIDDEN = /169\.254\.169\.254|10\.255\.255\.1/;

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  brand = http.createServer((req, res) => {
    brandHits.push(req.url ?? "");
    res.end("the brand");
  });
  // *.localhost is this machine (RFC 6761): the brand's server, were the request let through.
  redirectUri = `http://brand.localhost:${await listen(brand)}/oauth2/idpresponse`;
  const targets: Record<string, string> = {
    metadata: "http://169.254.169.254/latest/meta-data",
    "metadata-https": "https://169.254.169.254/latest/meta-data",
    private: "http://10.255.255.1/",
    brand: `${redirectUri}?code=the-code&state=the-state`,
  };
  idp = http.createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to") ?? "";
    if (targets[to]) return res.writeHead(302, { location: targets[to] }).end();
    res.writeHead(404).end();
  });
  issuer = `http://127.0.0.1:${await listen(idp)}`;
  const input: SsoCheckInput = {
    issuer,
    clientId: "brand-a",
    clientSecret: "brand-a-secret",
    redirectUri,
    production: false,
    allowLoopback: true,
  };
  browser = await IdpBrowser.open(input);
  browser.context.on("response", (response) => {
    if (FORBIDDEN.test(response.url())) forbiddenAnswers.push(`${response.status()} ${response.url()}`);
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  idp?.closeAllConnections();
  idp?.close();
  brand?.closeAllConnections();
  brand?.close();
});

describe("the validator's browser", () => {
  it("does not follow a provider's redirect to the cloud metadata address (plain http or https)", async () => {
    const plain = await browser.authorize(`${issuer}/authorize?to=metadata`);
    expect(plain).toMatchObject({ kind: "page", url: "http://169.254.169.254/latest/meta-data", status: 403 });
    const tls = await browser.authorize(`${issuer}/authorize?to=metadata-https`);
    expect(tls).toMatchObject({ kind: "page" });
    expect(tls.kind === "page" && tls.status).not.toBe(200);
    expect(browser.refused).toEqual(
      expect.arrayContaining([
        { target: "http://169.254.169.254/latest/meta-data", reason: expect.stringMatching(/metadata/) },
        { target: "169.254.169.254:443", reason: expect.stringMatching(/metadata/) },
      ]),
    );
    expect(forbiddenAnswers.filter((a) => a.startsWith("200"))).toEqual([]);
  });

  it("does not follow a redirect to a private address", async () => {
    const outcome = await browser.authorize(`${issuer}/authorize?to=private`);
    expect(outcome).toMatchObject({ kind: "page", status: 403 });
    expect(browser.refused).toContainEqual({
      target: "http://10.255.255.1/",
      reason: expect.stringMatching(/private/),
    });
    expect(forbiddenAnswers.filter((a) => a.startsWith("200"))).toEqual([]);
  });

  it("catches the redirect to the redirect URI (the code read) without the brand ever being reached", async () => {
    const outcome = await browser.authorize(`${issuer}/authorize?to=brand`);
    expect(outcome.kind).toBe("redirect");
    expect(outcome.kind === "redirect" && outcome.url.searchParams.get("code")).toBe("the-code");
    expect(outcome.kind === "redirect" && `${outcome.url.origin}${outcome.url.pathname}`).toBe(redirectUri);
    expect(brandHits).toEqual([]);
  });

  it("sends no UDP past the proxy: a page's WebRTC (STUN) reaches nothing", async () => {
    const udp = dgram.createSocket("udp4");
    let packets = 0;
    udp.on("message", () => packets++);
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    const page = await browser.context.newPage();
    try {
      const gathered = await page.evaluate(
        async (port) => {
          const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
          pc.createDataChannel("probe");
          await pc.setLocalDescription(await pc.createOffer());
          await new Promise((resolve) => {
            pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && resolve(undefined);
            setTimeout(resolve, 3000);
          });
          pc.close();
          return pc.iceGatheringState;
        },
        (udp.address() as AddressInfo).port,
      );
      expect(gathered).toBe("complete");
      expect(packets).toBe(0);
    } finally {
      await page.close();
      udp.close();
    }
  });

  it("lists only what the provider's pages tried to reach, not the redirect URI nor Chromium's own requests", () => {
    // Chromium's own: an update check, each refused page's favicon (the proxy refused them too, it lists them).
    expect(browser.refused.map((r) => r.target).sort()).toEqual([
      "169.254.169.254:443",
      "http://10.255.255.1/",
      "http://169.254.169.254/latest/meta-data",
    ]);
  });
});
