import fs from "node:fs";
import path from "node:path";
import { demoBrands } from "@/lib/brands/node";
import { idpResponseUris } from "@/lib/auth/node";
import { config } from "@/lib/config";
import { secretFile } from "@/lib/runtime";
import { startPartnerIdp, type PartnerIdp } from "./start";
import { PARTNER_NAME } from "./options";

/**
 * The demo's sign-on: the two demo brands registered with the reference partner IdP (spec §4.6 steps 1–2 done
 * locally), silent login on. Aurora authenticates to the token endpoint with client_secret_post, Sakura with
 * client_secret_basic. Demo secrets only: a real deployment's secrets come from its own environment.
 */
export const DEMO_SSO_CLIENTS = {
  aurora: { clientId: "aurora-web", secret: "demo-aurora-sso-secret-0001", method: "client_secret_post" },
  sakura: { clientId: "sakura-web", secret: "demo-sakura-sso-secret-0002", method: "client_secret_basic" },
} as const;
export const DEMO_PARTNER_API_KEY = "demo-partner-api-key-0001";
/** The environment variable holding a demo brand's client secret. */
const secretEnv = (brandId: string) => `DEMO_${brandId.toUpperCase()}_SSO_SECRET`;

export interface DemoSso {
  idp: PartnerIdp;
  /** The brand registry the app serves (demo brands on `appPort`, sign-on pointed at the IdP). */
  brandsFile: string;
  /** What the app server needs: the registry, the client secrets, trust in the IdP's local CA, the loopback switch. */
  env: Record<string, string>;
}

/** The demo brands on another port, with their sign-on settings for `issuer`. */
export function demoBrandsWithSso(appPort: number, issuer: string) {
  return {
    brands: demoBrands.brands.map((b) => {
      const client = DEMO_SSO_CLIENTS[b.id as keyof typeof DEMO_SSO_CLIENTS];
      return {
        ...b,
        canonicalUrl: b.canonicalUrl.replace(/:\d+$/, `:${appPort}`),
        sso: {
          providerName: "Northwind",
          displayName: PARTNER_NAME,
          scenario: "C",
          // One reference IdP plays both environments here; a partner gives separate credentials (spec §4.6 step 3).
          environments: Object.fromEntries(
            (["staging", "production"] as const).map((environment) => [
              environment,
              {
                issuer,
                clientId: client.clientId,
                clientSecretEnv: secretEnv(b.id),
                tokenEndpointAuthMethod: client.method,
                silentLogin: true,
              },
            ]),
          ),
        },
      };
    }),
  };
}

/**
 * Starts the reference IdP for the demo brands served on `appPort` (`idpPort` 0: a free one) and writes the brand
 * registry that points at it into `dataDir`.
 */
export async function startDemoSso(opts: { appPort: number; idpPort: number; dataDir: string }): Promise<DemoSso> {
  const brands = demoBrandsWithSso(opts.appPort, "https://localhost"); // the clients do not depend on the issuer
  const idp = await startPartnerIdp({
    port: opts.idpPort,
    dataDir: path.join(opts.dataDir, "partner-idp"),
    partnerApiKey: DEMO_PARTNER_API_KEY,
    clients: brands.brands.map((b) => {
      const client = DEMO_SSO_CLIENTS[b.id as keyof typeof DEMO_SSO_CLIENTS];
      return {
        clientId: client.clientId,
        clientSecret: client.secret,
        redirectUris: idpResponseUris(b),
        name: b.displayName,
      };
    }),
    brandLinks: brands.brands.map((b) => ({ name: b.displayName, url: `${b.canonicalUrl}/` })),
  });
  const brandsFile = path.join(opts.dataDir, "brands.json");
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(brandsFile, JSON.stringify(demoBrandsWithSso(opts.appPort, idp.issuer), null, 2));
  return {
    idp,
    brandsFile,
    env: {
      BRANDS_FILE: brandsFile,
      // The demo's own sign-on secret, kept with its data (a deployment sets AUTH_SECRET itself).
      AUTH_SECRET: config().AUTH_SECRET ?? secretFile(path.join(opts.dataDir, "auth-secret")),
      NODE_EXTRA_CA_CERTS: idp.caFile,
      SSO_DEV_ALLOW_LOOPBACK: "true",
      ...Object.fromEntries(Object.entries(DEMO_SSO_CLIENTS).map(([id, c]) => [secretEnv(id), c.secret])),
    },
  };
}
