import path from "node:path";
import { hkdfSync } from "node:crypto";
import { brands } from "@/lib/brands/node";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { secretFile, processShared } from "@/lib/runtime";
import { warmUpIdps } from "./discovery";

const state = processShared("auth-secret", () => ({
  root: undefined as string | undefined,
  byBrand: new Map<string, string>(),
}));

/**
 * The platform's sign-on secret: AUTH_SECRET. The production server refuses to start without it when a brand has
 * sign-on (prepareSignOn); under `next dev` one is generated once into DATA_DIR/auth-secret.
 */
function rootSecret(): string {
  if (state.root) return state.root;
  const cfg = config();
  if (cfg.AUTH_SECRET) return (state.root = cfg.AUTH_SECRET);
  const file = path.join(cfg.DATA_DIR, "auth-secret");
  log.warn({ file }, "AUTH_SECRET is not set: using a sign-on secret generated for this machine (development only)");
  state.root = secretFile(file);
  if (state.root.length < 32) throw new Error(`The sign-on secret in ${file} is too short: delete the file`);
  return state.root;
}

/**
 * Each brand's own secret (HKDF of the platform secret and the brand id): a brand's session and sign-in cookies are
 * sealed with it, so a cookie carried to another brand's host cannot even be opened there.
 */
export function brandSecret(brandId: string): string {
  let secret = state.byBrand.get(brandId);
  if (!secret) {
    const key = hkdfSync("sha256", rootSecret(), "hotel-platform brand sign-on", `brand:${brandId}`, 32);
    secret = Buffer.from(key).toString("base64url");
    state.byBrand.set(brandId, secret);
  }
  return secret;
}

/**
 * At the production server's start: sign-on needs AUTH_SECRET (a generated one would differ per instance and per
 * deploy: sign-ins would fail on the instance that did not start them, and every deploy would sign everyone out).
 * Logs which credentials are in force and for which brands, and asks each IdP for its discovery document.
 */
export function prepareSignOn(): void {
  const cfg = config();
  const registry = brands();
  const signOn = registry.brands.filter((b) => registry.sso(b));
  if (signOn.length && !cfg.AUTH_SECRET)
    throw new Error(
      `AUTH_SECRET is not set, and brands ${signOn.map((b) => b.id).join(", ")} have sign-on: set it (at least 32 characters, the same on every instance; e.g. openssl rand -base64 32)`,
    );
  log.info(
    {
      environment: cfg.SSO_ENVIRONMENT,
      signOn: signOn.map((b) => b.id),
      silentLogin: signOn.filter((b) => registry.sso(b)?.silentLogin).map((b) => b.id),
      without: registry.brands.filter((b) => !registry.sso(b)).map((b) => b.id),
    },
    "sign-on: credentials in force",
  );
  warmUpIdps(signOn.map((b) => registry.sso(b)!.issuer));
  if (cfg.SSO_DEV_ALLOW_LOOPBACK)
    log.warn(
      "sign-on: SSO_DEV_ALLOW_LOOPBACK is on: identity providers on this machine (and plain http there) are allowed",
    );
}
