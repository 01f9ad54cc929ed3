import fs from "node:fs";
import { createHash } from "node:crypto";
import { parseConfig, environment, type Environment } from "@/lib/config";
import { idpUrlProblem } from "@/lib/http/node";
import { brandsFileSchema, type Brand, type SsoAttribute, type SsoEnvironmentSettings } from "./schema";
import { compileHandoffTemplate, type CompiledHandoff, type HandoffSettings } from "./handoff";

export type { Brand } from "./schema";

/** A brand's sign-on settings in force (the environment SSO_ENVIRONMENT names), with its client secret read. */
export interface SsoSettings extends SsoEnvironmentSettings {
  brandId: string;
  environment: SsoEnvironment;
  providerName: string;
  displayName: string;
  attributeMapping: Record<string, SsoAttribute>;
  sessionMaxAgeSeconds: number;
  clientSecret: string;
}

export type SsoEnvironment = "staging" | "production";

/** A brand's booking hand-off settings with the template compiled (lib/brands/handoff.ts). */
export interface BrandHandoff extends HandoffSettings {
  compiled: CompiledHandoff;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The brands, found by host and by partner key. Built once from the configuration file and refused when wrong. */
export class BrandRegistry {
  private readonly byHostName = new Map<string, Brand>();
  private readonly byId = new Map<string, Brand>();
  /** SHA-256 of each key → brand: a lookup by digest does not leak how much of a guessed key matched. */
  private readonly byKeyDigest = new Map<string, Brand>();
  private readonly ssoByBrand = new Map<string, SsoSettings>();
  private readonly handoffByBrand = new Map<string, BrandHandoff>();
  /** The sign-on environment in force (SSO_ENVIRONMENT): whose credentials the brands use. */
  readonly ssoEnvironment: SsoEnvironment;
  private readonly allowLoopback: boolean;

  constructor(
    readonly brands: readonly Brand[],
    private readonly env: Environment = environment(),
  ) {
    ({ SSO_ENVIRONMENT: this.ssoEnvironment, SSO_DEV_ALLOW_LOOPBACK: this.allowLoopback } = parseConfig(env));
    const problems: string[] = [];
    brands.forEach((brand, i) => {
      if (this.byId.has(brand.id)) problems.push(`brands.${i}.id: "${brand.id}" is used twice`);
      this.byId.set(brand.id, brand);
      for (const host of brand.hosts) {
        const other = this.byHostName.get(host);
        if (other) problems.push(`brands.${i}.hosts: "${host}" already belongs to brand "${other.id}"`);
        this.byHostName.set(host, brand);
      }
      brand.partner.keys.forEach((written, k) => {
        const key = written.startsWith("env:") ? env[written.slice(4)] : written;
        const where = `brands.${i}.partner.keys.${k}`;
        if (key === undefined) return problems.push(`${where}: environment variable ${written.slice(4)} is not set`);
        if (key.length < 16) return problems.push(`${where}: a partner key needs at least 16 characters`);
        const digest = sha256(key);
        const other = this.byKeyDigest.get(digest);
        if (other) problems.push(`${where}: the same key is already used by brand "${other.id}"`);
        this.byKeyDigest.set(digest, brand);
      });
      this.resolveSso(brand, `brands.${i}.sso`, env, problems);
      if (brand.handoff) {
        // The schema checked the template: compiled once here, filled on every hotel page.
        const compiled = compileHandoffTemplate(brand.handoff.urlTemplate);
        if (typeof compiled === "string") problems.push(`brands.${i}.handoff.urlTemplate: the template ${compiled}`);
        else this.handoffByBrand.set(brand.id, { ...brand.handoff, compiled });
      }
    });
    if (problems.length) throw new Error(`Invalid brand registry:\n  ${problems.join("\n  ")}`);
  }

  /** Parses a brands file's JSON text; readable errors name the file and the path inside it. */
  static parse(text: string, origin: string, env: Environment = environment()): BrandRegistry {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new Error(`Invalid brand registry ${origin}: not JSON (${(e as Error).message})`);
    }
    const result = brandsFileSchema.safeParse(json);
    if (!result.success) {
      const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
      throw new Error(`Invalid brand registry ${origin}:\n${lines.join("\n")}`);
    }
    return new BrandRegistry(result.data.brands, env);
  }

  /**
   * The sign-on settings of the environment in force, checked: the issuer must be https (a loopback provider, and
   * plain http there, only with the development switch) and the client secret's environment variable must be set.
   * A brand without credentials for the environment in force has no sign-on there.
   */
  private resolveSso(brand: Brand, where: string, env: Record<string, string | undefined>, problems: string[]): void {
    if (!brand.sso) return;
    const { ssoEnvironment: environment, allowLoopback } = this;
    const settings = brand.sso.environments[environment];
    if (!settings) return;
    const at = `${where}.environments.${environment}`;
    const problem = idpUrlProblem(settings.issuer, { allowLoopback, issuer: true });
    if (problem) problems.push(`${at}.issuer: ${problem}`);
    const clientSecret = env[settings.clientSecretEnv];
    if (!clientSecret)
      problems.push(`${at}.clientSecretEnv: environment variable ${settings.clientSecretEnv} is not set`);
    if (problem || !clientSecret) return;
    this.ssoByBrand.set(brand.id, {
      ...settings,
      brandId: brand.id,
      environment,
      providerName: brand.sso.providerName,
      displayName: brand.sso.displayName ?? brand.sso.providerName,
      attributeMapping: brand.sso.attributeMapping,
      sessionMaxAgeSeconds: brand.sso.sessionMaxAgeSeconds,
      clientSecret,
    });
  }

  /** The brand's booking hand-off (its template compiled), or undefined when the brand has none. */
  handoff(brand: Brand): BrandHandoff | undefined {
    return this.handoffByBrand.get(brand.id);
  }

  /** The brand's sign-on settings in force, or undefined when the brand has no sign-on in this environment. */
  sso(brand: Brand): SsoSettings | undefined {
    return this.ssoByBrand.get(brand.id);
  }

  /**
   * A brand's credentials for one environment as the registry file gives them, whichever environment is in force
   * (onboarding validates staging while production runs, and the other way round); the secret when its variable is
   * set.
   */
  ssoCredentials(
    brand: Brand,
    environment: SsoEnvironment,
  ): (SsoEnvironmentSettings & { clientSecret?: string }) | undefined {
    const settings = brand.sso?.environments[environment];
    return settings && { ...settings, clientSecret: this.env[settings.clientSecretEnv] || undefined };
  }

  static fromFile(file: string, env: Environment = environment()): BrandRegistry {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      throw new Error(`Brand registry ${file} cannot be read: ${(e as Error).message}`);
    }
    return BrandRegistry.parse(text, file, env);
  }

  get(id: string): Brand | undefined {
    return this.byId.get(id);
  }

  /** The brand a Host header names ("brand-a.localhost:3000" → brand-a.localhost), case and port ignored. */
  forHost(host: string | null | undefined): Brand | undefined {
    if (!host) return undefined;
    const name = host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
    return this.byHostName.get(name);
  }

  forPartnerKey(key: string | null | undefined): Brand | undefined {
    if (!key) return undefined;
    return this.byKeyDigest.get(sha256(key));
  }
}
