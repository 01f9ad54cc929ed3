import { z } from "zod";
import { SUPPORTED_LANGUAGES, toCurrency } from "@/lib/locale";

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
const hostName = z
  .string()
  .regex(
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    "must be a lowercase host name without port",
  );
const currency = z.string().refine((c) => toCurrency(c) === c, "must be an upper-case ISO 4217 code such as EUR");
const language = z.enum(SUPPORTED_LANGUAGES);
/** A partner key as written in the file, or "env:NAME" to read it from the environment. */
const partnerKey = z.string().min(1);

export const brandSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be lowercase letters, digits and dashes"),
    displayName: z.string().min(1).max(80),
    /** Host names the brand answers on (without port): "brand-a.localhost", "hotels.partner-a.com". */
    hosts: z.array(hostName).min(1),
    /** The brand's public origin; links built for partners (nearby-places url) point here. */
    canonicalUrl: z
      .url()
      .refine(
        (u) => /^https?:\/\/[^/?#]+\/?$/.test(u),
        "must be an http(s) origin without path, such as https://hotels.example.com",
      )
      .transform((u) => u.replace(/\/$/, "")),
    theme: z.object({
      colours: z.object({ primary: colour, accent: colour, background: colour, text: colour }),
      logo: z.string().regex(/^\/[\w./-]+$/, "must be a path under public/, such as /brands/a/logo.svg"),
      fonts: z.object({ heading: z.string().min(1), body: z.string().min(1) }),
    }),
    languages: z.object({ default: language, supported: z.array(language).min(1) }),
    currencies: z.object({ default: currency, supported: z.array(currency).min(1) }),
    partner: z.object({
      /** The partner-identifying `source` parameter of search-result links (seed §2.2). */
      source: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1-40 letters, digits, _ or -"),
      /** X-Partner-Key values accepted for this brand (seed §5). */
      keys: z.array(partnerKey).min(1),
      /** Whether nearby-places links override the visitor's saved currency / language (forceCurrencyChange…). */
      forceCurrencyChange: z.boolean().default(false),
      forceLanguageChange: z.boolean().default(false),
    }),
    sso: z
      .object({
        issuer: z.url(),
        clientId: z.string().min(1),
        /** The environment variable holding the client secret (secrets never sit in the file). */
        clientSecretEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/),
        providerName: z.string().regex(/^[A-Za-z0-9]+$/),
        tokenEndpointAuthMethod: z.enum(["client_secret_basic", "client_secret_post"]).default("client_secret_basic"),
        attributeMapping: z.record(z.string(), z.string()).default({}),
      })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.languages.supported.includes(b.languages.default))
      ctx.addIssue({ code: "custom", path: ["languages", "default"], message: "must be one of languages.supported" });
    if (!b.currencies.supported.includes(b.currencies.default))
      ctx.addIssue({ code: "custom", path: ["currencies", "default"], message: "must be one of currencies.supported" });
  });

export const brandsFileSchema = z.object({ brands: z.array(brandSchema).min(1) });

export type Brand = z.infer<typeof brandSchema>;
