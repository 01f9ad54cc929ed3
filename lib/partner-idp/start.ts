import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { JWK } from "jose";
import type { ClientMetadata, Provider } from "oidc-provider";
import { log } from "@/lib/log";
import { configureFaults, faultMiddleware, handlerWithCookieFaults, storeWithFaults } from "./faults";
import { authorizeGuard, errorGuard, notFoundPage } from "./guards";
import { interactionRoutes } from "./interactions";
import { ensureCookieKeys, ensureSigningKeys, jwksPath, publicJwks, readSigningKeys } from "./keys";
import { PARTNER_NAME, PARTNER_SITE_CLIENT_ID, resolveOptions, type PartnerIdpOptions } from "./options";
import { PARTNER_API_PREFIX, partnerApiRoutes } from "./partner-api";
import { partnerSiteRedirectUri, partnerSiteRoutes } from "./partner-site";
import { loadProvider } from "./oidc";
import { buildProvider, CLOCK_TOLERANCE_SECONDS, ROUTES } from "./provider";
import { listenHttps } from "./server";
import { createProviderStore } from "./store";
import { ensureTls } from "./tls";
import { loadUsers } from "./users";

export interface PartnerIdp {
  /** "https://<hostname>:<port>", no trailing slash. */
  issuer: string;
  port: number;
  /** PEM of the local CA that signed the server certificate (for NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** base64 SHA-256 of the server certificate's SubjectPublicKeyInfo (Chromium's --ignore-certificate-errors-spki-list). */
  spkiSha256: string;
  /** Base URL of the scenario-B API: <issuer>/partner-api. */
  partnerApiUrl: string;
  /** Re-reads the key set file (after a rotation) without dropping sessions, grants or codes. */
  reloadKeys(): Promise<void>;
  close(): Promise<void>;
}

/** How often a running provider looks for a changed key set file. */
const KEY_FILE_POLL_MS = 1000;

export async function startPartnerIdp(options: PartnerIdpOptions): Promise<PartnerIdp> {
  await loadProvider();
  const opts = resolveOptions(options);
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const tls = ensureTls(opts.dataDir, opts.hostname);
  let signingKeys: JWK[] = await ensureSigningKeys(opts.dataDir);
  const cookieKeys = ensureCookieKeys(opts.dataDir);
  const users = loadUsers(opts.usersFile);
  const store = createProviderStore(CLOCK_TOLERANCE_SECONDS);
  // Test-only (faults.ts): empty unless the options ask for breakages.
  const faults = new Set(opts.faults);

  // Requests are passed to the current Provider; a key reload swaps it. Until the first is built (the issuer needs
  // the port), the server answers 503.
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const listening = await listenHttps({
    host: opts.host,
    port: opts.port,
    key: tls.key,
    cert: tls.cert,
    handler: handlerWithCookieFaults(faults, (req, res) => {
      if (handle) return handle(req, res);
      res.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("starting");
    }),
  });
  const port = listening.port;
  const issuer = `https://${opts.hostname}:${port}`;
  const connectHost = opts.host === "0.0.0.0" ? "127.0.0.1" : opts.host === "::" ? "::1" : opts.host;

  const partnerSiteSecret = randomBytes(32).toString("base64url");
  const clients: ClientMetadata[] = [
    ...opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      client_name: c.name ?? c.clientId,
      redirect_uris: c.redirectUris,
      token_endpoint_auth_method: c.tokenEndpointAuthMethod ?? "client_secret_post",
    })),
    {
      client_id: PARTNER_SITE_CLIENT_ID,
      client_secret: partnerSiteSecret,
      client_name: PARTNER_NAME,
      redirect_uris: [partnerSiteRedirectUri(issuer)],
      token_endpoint_auth_method: "client_secret_post" as const,
    },
  ].map((c) => ({
    ...c,
    grant_types: ["authorization_code"],
    response_types: ["code"],
    id_token_signed_response_alg: "RS256",
  }));
  const tokenAuthMethods = new Map(
    opts.clients.flatMap((c) => (c.tokenEndpointAuthMethod ? [[c.clientId, c.tokenEndpointAuthMethod] as const] : [])),
  );
  const clientNames = new Map(clients.map((c) => [c.client_id, c.client_name ?? c.client_id]));

  const build = (keys: JWK[]): Provider =>
    buildProvider({
      issuer,
      signingKeys: keys,
      cookieKeys,
      clients: structuredClone(clients),
      store: storeWithFaults(store, faults, PARTNER_SITE_CLIENT_ID),
      users,
      codeTtlSeconds: opts.codeTtlSeconds,
      authorizationResponseIss: opts.authorizationResponseIss,
      tokenAuthMethods,
      configure: configureFaults(faults, PARTNER_SITE_CLIENT_ID),
      middleware: (provider) => [
        errorGuard,
        notFoundPage,
        authorizeGuard,
        ...faultMiddleware({
          faults,
          provider,
          clients,
          partnerApiKey: opts.partnerApiKey,
          routes: { ...ROUTES, partnerApi: PARTNER_API_PREFIX },
        }),
        partnerApiRoutes({ apiKey: opts.partnerApiKey, users }),
        interactionRoutes({ provider, issuer, users, clientNames }),
        partnerSiteRoutes({
          provider,
          issuer,
          clientSecret: partnerSiteSecret,
          users,
          brandLinks: opts.brandLinks,
          ca: tls.ca,
          connectHost,
          port,
          publicKeys: () => publicJwks(signingKeys),
        }),
      ],
    });

  try {
    handle = build(signingKeys).callback();
  } catch (err) {
    await listening.close();
    store.dispose();
    throw err;
  }

  // One reload at a time; a failed one keeps the keys in use.
  let reloading: Promise<void> = Promise.resolve();
  const reloadKeys = (): Promise<void> => {
    const run = reloading.then(() => {
      const keys = readSigningKeys(opts.dataDir);
      handle = build(keys).callback();
      signingKeys = keys;
      log.info({ kids: keys.map((k) => k.kid) }, "partner IdP: signing keys reloaded");
    });
    reloading = run.catch(() => undefined);
    return run;
  };

  const keyFile = jwksPath(opts.dataDir);
  const onKeyFileChange = (curr: fs.Stats, prev: fs.Stats) => {
    if (curr.mtimeMs === prev.mtimeMs || curr.nlink === 0) return;
    reloadKeys().catch((err: unknown) =>
      log.error({ err: (err as Error).message }, "partner IdP: key set not reloaded, the previous keys stay in use"),
    );
  };
  fs.watchFile(keyFile, { interval: KEY_FILE_POLL_MS, persistent: false }, onKeyFileChange);

  log.info(
    {
      issuer,
      clients: clients.map((c) => c.client_id),
      partnerApi: Boolean(opts.partnerApiKey),
      authorizationResponseIss: opts.authorizationResponseIss,
    },
    "partner IdP: listening",
  );
  if (!opts.authorizationResponseIss)
    log.warn("partner IdP: RFC 9207 off, authorization responses carry no iss (no mix-up defence for relying parties)");
  if (faults.size)
    log.warn({ faults: [...faults] }, "partner IdP: test-only faults active, this IdP is broken on purpose");

  let closed: Promise<void> | undefined;
  return {
    issuer,
    port,
    caFile: tls.caFile,
    spkiSha256: tls.spkiSha256,
    partnerApiUrl: `${issuer}${PARTNER_API_PREFIX}`,
    reloadKeys,
    close: () => {
      closed ??= (async () => {
        fs.unwatchFile(keyFile, onKeyFileChange);
        await listening.close();
        store.dispose();
      })();
      return closed;
    },
  };
}
