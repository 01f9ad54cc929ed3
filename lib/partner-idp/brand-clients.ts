import { z } from "zod";
import { idpResponseUris } from "@/lib/auth/node";
import type { BrandLink, PartnerIdpClient } from "./options";

/**
 * The relying parties of the brand registry (lib/brands: {"brands": [...]}) that name this provider: spec §4.6 steps
 * 1 and 2 done locally (the partner registers each brand's client id and secret, and allow-lists its
 * {rp_domain}/oauth2/idpresponse). Read loosely: only the fields used here are checked.
 */
const environmentSchema = z.looseObject({
  issuer: z.string(),
  clientId: z.string().min(1),
  clientSecretEnv: z.string().min(1),
});
const brandSchema = z.looseObject({
  id: z.string().min(1),
  displayName: z.string().optional(),
  hosts: z.array(z.string().min(1)).min(1),
  canonicalUrl: z.url(),
  sso: z
    .looseObject({
      providerName: z.string().optional(),
      environments: z.looseObject({ production: environmentSchema.optional(), staging: environmentSchema.optional() }),
    })
    .optional(),
});
const registrySchema = z.looseObject({ brands: z.array(z.unknown()) });

export interface BrandRegistration {
  brandId: string;
  /** Registered: the client; skipped: why. */
  client?: PartnerIdpClient;
  skipped?: string;
}

const withoutSlash = (url: string) => url.replace(/\/+$/, "");

export function brandRegistrations(
  registry: unknown,
  opts: { issuer: string; environment: string; env: Record<string, string | undefined> },
): { registrations: BrandRegistration[]; brandLinks: BrandLink[] } {
  const parsed = registrySchema.safeParse(registry);
  if (!parsed.success) throw new Error('the brand registry must be an object {"brands": [...]}');
  const registrations: BrandRegistration[] = [];
  const brandLinks: BrandLink[] = [];
  parsed.data.brands.forEach((raw, i) => {
    const brand = brandSchema.safeParse(raw);
    const id = (raw as { id?: unknown } | null)?.id;
    const brandId = typeof id === "string" ? id : `#${i + 1}`;
    if (!brand.success) {
      const issue = brand.error.issues[0];
      return registrations.push({ brandId, skipped: `unreadable (${issue?.path.join(".")}: ${issue?.message})` });
    }
    const b = brand.data;
    const settings = b.sso?.environments[opts.environment as "production" | "staging"];
    if (!b.sso) return registrations.push({ brandId, skipped: "no sso settings" });
    if (!settings) return registrations.push({ brandId, skipped: `no sso "${opts.environment}" environment` });
    if (withoutSlash(settings.issuer) !== withoutSlash(opts.issuer)) {
      return registrations.push({ brandId, skipped: `its ${opts.environment} issuer is ${settings.issuer}` });
    }
    const secret = opts.env[settings.clientSecretEnv];
    if (!secret) return registrations.push({ brandId, skipped: `${settings.clientSecretEnv} is not set` });
    const taken = registrations.find((r) => r.client?.clientId === settings.clientId);
    if (taken) return registrations.push({ brandId, skipped: `client id ${settings.clientId} is ${taken.brandId}'s` });
    registrations.push({
      brandId,
      client: {
        clientId: settings.clientId,
        clientSecret: secret,
        redirectUris: idpResponseUris(b),
        name: b.displayName ?? b.id,
      },
    });
    brandLinks.push({ name: b.displayName ?? b.id, url: withoutSlash(b.canonicalUrl) + "/" });
  });
  return { registrations, brandLinks };
}
