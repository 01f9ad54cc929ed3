import fs from "node:fs";
import { createHash } from "node:crypto";
import { brandsFileSchema, type Brand } from "./schema";

export type { Brand } from "./schema";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The brands, found by host and by partner key. Built once from the configuration file and refused when wrong. */
export class BrandRegistry {
  private readonly byHostName = new Map<string, Brand>();
  private readonly byId = new Map<string, Brand>();
  /** SHA-256 of each key → brand: a lookup by digest does not leak how much of a guessed key matched. */
  private readonly byKeyDigest = new Map<string, Brand>();

  constructor(
    readonly brands: readonly Brand[],
    env: Record<string, string | undefined> = process.env,
  ) {
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
    });
    if (problems.length) throw new Error(`Invalid brand registry:\n  ${problems.join("\n  ")}`);
  }

  /** Parses a brands file's JSON text; readable errors name the file and the path inside it. */
  static parse(text: string, origin: string, env: Record<string, string | undefined> = process.env): BrandRegistry {
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

  static fromFile(file: string, env: Record<string, string | undefined> = process.env): BrandRegistry {
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
