import { isIP } from "node:net";
import { z } from "zod";
import { TOKEN_ENDPOINT_AUTH_METHODS, type TokenEndpointAuthMethod } from "@/lib/config";
import { PARTNER_IDP_FAULT_NAMES, type PartnerIdpFault } from "./faults";

/** The fictional partner this reference identity provider plays (spec §4.6 scenario C). */
export const PARTNER_NAME = "Northwind Rewards";

/** The client id of the partner's own site, which signs in through the provider like any relying party. */
export const PARTNER_SITE_CLIENT_ID = "partner-site";

export interface PartnerIdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  name?: string;
  /** Held to this method at the token endpoint; both are taken when unset (the brands). */
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
}

export interface BrandLink {
  name: string;
  url: string;
}

export interface PartnerIdpOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Listen address, default "127.0.0.1" (then ::1 too, see server.ts). */
  host?: string;
  /** The issuer's host name, default "localhost": issuer https://localhost:<port>. */
  hostname?: string;
  /** Keys and TLS material live here (created if missing), reused across starts. */
  dataDir: string;
  /** Relying parties (the brands); all registered first-party: no consent screen. */
  clients: PartnerIdpClient[];
  /** Default: the demo users (lib/partner-idp/demo-users.json). */
  usersFile?: string;
  /** The shared key of the scenario-B API (spec §4.5); the API answers 503 while it is unset. */
  partnerApiKey?: string;
  /** Authorization code lifetime, default 60 (spec §8: 30 to 60 seconds). */
  codeTtlSeconds?: number;
  /** Brand sites the partner site links to, to show silent sign-in there. */
  brandLinks?: BrandLink[];
  /**
   * RFC 9207: `iss` in authorization responses and authorization_response_iss_parameter_supported, default true.
   * false only for relying parties that mishandle it (docs/decisions.md, "RFC 9207").
   */
  authorizationResponseIss?: boolean;
  /** TEST-ONLY: deliberate breakages for the tests of validators and relying parties (faults.ts). Default none. */
  faults?: PartnerIdpFault[];
}

const hostnameSchema = z
  .string()
  .refine(
    (h) => isIP(h) !== 0 || /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(h),
    {
      message: "must be a DNS name or an IP address",
    },
  );

const clientSchema = z.object({
  clientId: z
    .string()
    .min(1)
    .max(255)
    .refine((id) => id !== PARTNER_SITE_CLIENT_ID, `"${PARTNER_SITE_CLIENT_ID}" is the partner site's own client`),
  clientSecret: z.string().min(1),
  redirectUris: z.array(z.url({ protocol: /^https?$/ })).min(1),
  name: z.string().min(1).max(100).optional(),
  tokenEndpointAuthMethod: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).optional(),
});

const optionsSchema = z.object({
  port: z.number().int().min(0).max(65535).default(0),
  host: z.string().min(1).default("127.0.0.1"),
  hostname: hostnameSchema.default("localhost"),
  dataDir: z.string().min(1),
  clients: z
    .array(clientSchema)
    .refine((cs) => new Set(cs.map((c) => c.clientId)).size === cs.length, "client ids must be unique"),
  usersFile: z.string().min(1).optional(),
  partnerApiKey: z.string().min(1).optional(),
  // Below 30 s only for tests of expiry; spec §8 recommends 30 to 60 seconds.
  codeTtlSeconds: z.number().int().min(1).max(600).default(60),
  brandLinks: z.array(z.object({ name: z.string().min(1), url: z.url() })).default([]),
  authorizationResponseIss: z.boolean().default(true),
  faults: z.array(z.enum(PARTNER_IDP_FAULT_NAMES)).default([]),
});

export type ResolvedOptions = z.infer<typeof optionsSchema>;

/** Checks the options and fills the defaults; a problem throws one readable line. */
export function resolveOptions(opts: PartnerIdpOptions): ResolvedOptions {
  const parsed = optionsSchema.safeParse(opts);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`partner IdP options: ${issue?.path.join(".") || "(root)"} ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
