import fs from "node:fs";
import path from "node:path";
import { hkdfSync, randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { processShared } from "@/lib/runtime/shared";

const state = processShared("auth-secret", () => ({
  root: undefined as string | undefined,
  byBrand: new Map<string, string>(),
}));

/**
 * The platform's sign-on secret: AUTH_SECRET, or one generated once into DATA_DIR/auth-secret (mode 0600) so a
 * single machine works without setup. Several instances behind one host name must share AUTH_SECRET.
 */
function rootSecret(): string {
  if (state.root) return state.root;
  const cfg = config();
  if (cfg.AUTH_SECRET) return (state.root = cfg.AUTH_SECRET);
  const file = path.join(cfg.DATA_DIR, "auth-secret");
  try {
    state.root = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(cfg.DATA_DIR, { recursive: true });
    const generated = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
      log.warn({ file }, "AUTH_SECRET is not set: generated a sign-on secret for this machine");
    } catch {
      // Another process wrote it first: use theirs.
    }
    state.root = fs.readFileSync(file, "utf8").trim();
  }
  if (state.root.length < 32)
    throw new Error(`The sign-on secret in ${file} is too short: delete the file or set AUTH_SECRET`);
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
