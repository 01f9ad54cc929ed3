import { z } from "zod";
import { SUPPORTED_LANGUAGES, toCurrency } from "@/lib/locale";
import { handoffSchema } from "./handoff";

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

/** The brand's attributes a partner's claims map to (spec §2.4 "Attribute mapping on the relying party"). */
export const SSO_ATTRIBUTES = ["email", "given_name", "family_name"] as const;
export type SsoAttribute = (typeof SSO_ATTRIBUTES)[number];

/** One set of credentials at the partner's provider (spec §4.6: staging and production are separate). */
const ssoEnvironmentSchema = z.object({
  /** The issuer URL exactly as the partner gives it; discovery must name the same string (spec §2.4). */
  issuer: z.string().min(1).max(500),
  clientId: z.string().min(1).max(255),
  /** The environment variable holding the client secret (secrets never sit in the file). */
  clientSecretEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, "must be an environment variable name such as AURORA_SSO_SECRET"),
  /** spec §4.4: credentials in the body (client_secret_post) or by HTTP Basic (client_secret_basic). */
  tokenEndpointAuthMethod: z.enum(["client_secret_post", "client_secret_basic"]).default("client_secret_post"),
  /**
   * Silent login (prompt=none on a visitor's first page). Switch it on only after the partner's provider passed the
   * prompt=none check: a provider that answers it with a login page instead of a redirect strands every new visitor.
   */
  silentLogin: z.boolean().default(false),
});

const ssoSchema = z.object({
  /** Usernames in the brand's user pool are <providerName>_<sub> (spec §2.4). */
  providerName: z.string().regex(/^[A-Za-z0-9]{1,40}$/, "must be 1-40 letters and digits"),
  /** What visitors read on the sign-in button ("Sign in with …"); the provider name when unset. */
  displayName: z.string().min(1).max(60).optional(),
  /** The integration scenario of spec §4.6, for the record. */
  scenario: z.enum(["A", "B", "B2", "C"]).optional(),
  /** Partner claim name → the brand's attribute, for partners whose claims are named differently (spec §2.4). */
  attributeMapping: z
    .record(z.string().min(1).max(100), z.enum(SSO_ATTRIBUTES))
    .default({})
    .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, "maps two claims to one attribute"),
  /** How long a brand session lasts; silent login renews it from the partner's session afterwards. */
  sessionMaxAgeSeconds: z
    .number()
    .int()
    .min(300)
    .max(30 * 86400)
    .default(12 * 3600),
  environments: z
    .object({ staging: ssoEnvironmentSchema.optional(), production: ssoEnvironmentSchema.optional() })
    .refine((e) => e.staging || e.production, "needs staging or production credentials"),
});

export type SsoEnvironmentSettings = z.infer<typeof ssoEnvironmentSchema>;

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
      /** The partner-identifying `source` parameter of search-result links (spec §2.2). */
      source: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1-40 letters, digits, _ or -"),
      /** X-Partner-Key values accepted for this brand (spec §5). */
      keys: z.array(partnerKey).min(1),
      /** Whether nearby-places links override the visitor's saved currency / language (forceCurrencyChange…). */
      forceCurrencyChange: z.boolean().default(false),
      forceLanguageChange: z.boolean().default(false),
    }),
    /** Sign-on (spec part D): the brand as an OpenID Connect relying party of its partner's identity provider. */
    sso: ssoSchema.optional(),
    /** The hotel page's booking hand-off ("See rates at …", lib/brands/handoff.ts); none when unset. */
    handoff: handoffSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.languages.supported.includes(b.languages.default))
      ctx.addIssue({ code: "custom", path: ["languages", "default"], message: "must be one of languages.supported" });
    if (!b.currencies.supported.includes(b.currencies.default))
      ctx.addIssue({ code: "custom", path: ["currencies", "default"], message: "must be one of currencies.supported" });
  });

export const brandsFileSchema = z.object({ brands: z.array(brandSchema).min(1) });

export type Brand = z.infer<typeof brandSchema>;
