import fs from "node:fs";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";
import { demoBrands } from "@/lib/brands/node";
import { tempDir } from "./exports";
import { openTestStore, type TestStore } from "./store";

/**
 * The test brands: two with silent login on (token auth by body and by Basic), one with it off, and one served behind
 * a TLS proxy (https canonical URL).
 */
export const SSO_BRANDS = {
  aurora: {
    host: "brand-a.localhost",
    clientId: "aurora-rp",
    secret: "aurora-client-secret-0001",
    method: "client_secret_post",
    silent: true,
  },
  sakura: {
    host: "brand-b.localhost",
    clientId: "sakura-rp",
    secret: "sakura-client-secret-0002",
    method: "client_secret_basic",
    silent: true,
  },
  cedar: {
    host: "brand-c.localhost",
    clientId: "cedar-rp",
    secret: "cedar-client-secret-0003",
    method: "client_secret_post",
    silent: false,
  },
  // Served behind a TLS proxy: its canonical URL (and so its redirect URIs) are https.
  delta: {
    host: "brand-d.localhost",
    clientId: "delta-rp",
    secret: "delta-client-secret-0004",
    method: "client_secret_post",
    silent: true,
  },
} as const;
export type SsoBrand = keyof typeof SSO_BRANDS;
/** `tls`: every brand is served behind a TLS proxy (HAProxy in lib/testing/haproxy.ts), not only delta. */
const scheme = (id: SsoBrand, tls = false) => (tls || id === "delta" ? "https" : "http");

export const TEST_AUTH_SECRET = "test-auth-secret-0123456789-abcdefghijkl";

export interface SsoApp extends AppServer {
  store: TestStore;
  /** A page of a brand, on its host and the server's port. */
  page(brand: SsoBrand, path?: string): string;
  /** The clients to register at the identity provider (their redirect URIs on this server's port). */
  clients: { clientId: string; clientSecret: string; redirectUris: string[] }[];
  close(): Promise<void>;
}

/** The brand registry of a test: every brand's sign-on pointed at `issuer`. */
export function ssoBrandsFile(issuer: string, port: number, providerName = "TestIdP", tls = false): string {
  const base = demoBrands.brands;
  const brands = (Object.keys(SSO_BRANDS) as SsoBrand[]).map((id, i) => {
    const b = SSO_BRANDS[id];
    const template = structuredClone(base[i % base.length]!);
    return {
      ...template,
      id,
      displayName: `${id[0]!.toUpperCase()}${id.slice(1)} Test`,
      hosts: [b.host, `${id}.localhost`],
      canonicalUrl: `${scheme(id, tls)}://${b.host}:${port}`,
      partner: { ...template.partner, source: `${id}-partner`, keys: [`${id}-partner-key-0000000001`] },
      sso: {
        providerName,
        displayName: "Test IdP",
        environments: {
          production: {
            issuer,
            clientId: b.clientId,
            clientSecretEnv: `${id.toUpperCase()}_SSO_SECRET`,
            tokenEndpointAuthMethod: b.method,
            silentLogin: b.silent,
          },
        },
      },
    };
  });
  const file = path.join(tempDir("sso-brands-"), "brands.json");
  fs.writeFileSync(file, JSON.stringify({ brands }, null, 2));
  return file;
}

/** Environment of the app server for these brands: the secrets, the development switch for a loopback IdP. */
export function ssoEnv(brandsFile: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    BRANDS_FILE: brandsFile,
    AUTH_SECRET: TEST_AUTH_SECRET,
    SSO_DEV_ALLOW_LOOPBACK: "true",
    LOG_LEVEL: "info",
    ...Object.fromEntries(
      (Object.keys(SSO_BRANDS) as SsoBrand[]).map((id) => [`${id.toUpperCase()}_SSO_SECRET`, SSO_BRANDS[id].secret]),
    ),
    ...extra,
  };
}

export function ssoClients(port: number, tls = false): SsoApp["clients"] {
  return (Object.keys(SSO_BRANDS) as SsoBrand[]).map((id) => ({
    clientId: SSO_BRANDS[id].clientId,
    clientSecret: SSO_BRANDS[id].secret,
    redirectUris: [SSO_BRANDS[id].host, `${id}.localhost`].map(
      (h) => `${scheme(id, tls)}://${h}:${port}/oauth2/idpresponse`,
    ),
  }));
}

/** The built app on an empty store, serving the test brands whose IdP is `issuer`. */
export async function startSsoApp(issuer: string, extraEnv: Record<string, string> = {}): Promise<SsoApp> {
  const store = await openTestStore("sqlite");
  let clients: SsoApp["clients"] = [];
  const server = await startAppServer((port) => {
    clients = ssoClients(port);
    return { DATABASE_URL: store.databaseUrl, ...ssoEnv(ssoBrandsFile(issuer, port), extraEnv) };
  });
  return {
    ...server,
    store,
    clients,
    page: (brand, p = "/") => `http://${SSO_BRANDS[brand].host}:${server.port}${p}`,
    close: async () => {
      await server.stop();
      await store.drop();
    },
  };
}
