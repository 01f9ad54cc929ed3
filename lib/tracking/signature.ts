import path from "node:path";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { config, type Config } from "@/lib/config";
import { log } from "@/lib/log";
import { processShared, secretFile } from "@/lib/runtime";

/**
 * Signed partner links (click tracking). Every search-results link that nearby-places builds carries `sig`: an
 * HMAC-SHA256 over the link's tracking parameters (brand, source, label, anonymousId), base64url, cut to 22
 * characters (132 bits: forging one is out of reach, and the link stays short). Only a link whose `sig` matches is
 * recorded as an arrival; anything else with the brand's source is counted apart (lib/tracking/arrivals.ts).
 *
 * placeId and the stay parameters are left out on purpose: the signature is computed once per nearby-places response
 * (not once per place, so its cost does not grow with `hits`), and an arrival is counted once per visitor, label and
 * day whatever the place, so a link moved to another place counts nothing more. Replaying a signed link is harmless
 * for the same reason.
 */
export const SIGNATURE_PARAM = "sig";
export const SIGNATURE_LENGTH = 22;

export interface TrackingParams {
  source: string;
  label?: string | null;
  anonymousId?: string | null;
}

export type TrackingKeyOrigin = "TRACKING_SECRET" | "AUTH_SECRET" | "generated";

const state = processShared("tracking-key", () => ({ key: undefined as Buffer | undefined }));

/** The signing key (HKDF of the secret): its own key even when derived from AUTH_SECRET, never the secret itself. */
export function trackingKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "hotel-platform click tracking", "arrival-signature/v1", 32));
}

/** Where the key comes from: TRACKING_SECRET, else AUTH_SECRET (derived), else a secret generated into DATA_DIR. */
export function trackingKeyOrigin(cfg: Config = config()): TrackingKeyOrigin {
  return cfg.TRACKING_SECRET ? "TRACKING_SECRET" : cfg.AUTH_SECRET ? "AUTH_SECRET" : "generated";
}

/** The process's signing key, made once. */
export function trackingKey(): Buffer {
  if (state.key) return state.key;
  const cfg = config();
  const explicit = cfg.TRACKING_SECRET ?? cfg.AUTH_SECRET;
  if (explicit) return (state.key = trackingKeyFrom(explicit));
  const file = path.join(cfg.DATA_DIR, "tracking-secret");
  log.warn({ file }, "TRACKING_SECRET is not set: signing partner links with a secret generated for this machine");
  const secret = secretFile(file);
  if (secret.length < 32) throw new Error(`The tracking secret in ${file} is too short: delete the file`);
  return (state.key = trackingKeyFrom(secret));
}

/**
 * At the production server's start. Under NODE_ENV=production a key is required: a generated one differs per
 * instance and per deploy, so links signed by one instance would count as unverified on another.
 */
export function prepareTracking(cfg: Config = config()): void {
  const origin = trackingKeyOrigin(cfg);
  if (origin === "generated" && cfg.NODE_ENV === "production")
    throw new Error(
      "TRACKING_SECRET is not set (nor AUTH_SECRET to derive it from): partner links cannot be signed the same way on every instance; set it (at least 32 characters, the same on every instance; e.g. openssl rand -base64 32)",
    );
  trackingKey();
  log.info({ key: origin }, "click tracking: partner links are signed");
}

/** The signature of a link's tracking parameters for a brand (absent label or anonymousId sign as ""). */
export function signTracking(key: Buffer, brandId: string, params: TrackingParams): string {
  const message = JSON.stringify(["arrival/v1", brandId, params.source, params.label ?? "", params.anonymousId ?? ""]);
  return createHmac("sha256", key).update(message).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

/** Whether `sig` is the signature of these parameters (compared in constant time). */
export function verifyTracking(
  key: Buffer,
  brandId: string,
  params: TrackingParams,
  sig: string | null | undefined,
): boolean {
  if (typeof sig !== "string" || sig.length !== SIGNATURE_LENGTH) return false;
  const given = Buffer.from(sig);
  const expected = Buffer.from(signTracking(key, brandId, params));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a hotel page's booking hand-off link carries (lib/tracking/handoff.ts): all of it is signed. */
export interface HandoffLinkParams {
  hotelId: string;
  checkIn?: string;
  checkOut?: string;
  rooms: string;
  currency: string;
  language: string;
}

const handoffMessage = (brandId: string, p: HandoffLinkParams) =>
  JSON.stringify([
    "handoff/v1",
    brandId,
    p.hotelId,
    p.checkIn ?? "",
    p.checkOut ?? "",
    p.rooms,
    p.currency,
    p.language,
  ]);

/**
 * The signature of a hand-off link: the same key and length as partner links, over every value the link carries and
 * a purpose of its own ("handoff/v1"), so a partner link's signature never passes for a hand-off's or the other way.
 */
export function signHandoff(key: Buffer, brandId: string, params: HandoffLinkParams): string {
  return createHmac("sha256", key)
    .update(handoffMessage(brandId, params))
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

export function verifyHandoff(
  key: Buffer,
  brandId: string,
  params: HandoffLinkParams,
  sig: string | null | undefined,
): boolean {
  if (typeof sig !== "string" || sig.length !== SIGNATURE_LENGTH) return false;
  const given = Buffer.from(sig);
  const expected = Buffer.from(signHandoff(key, brandId, params));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
