import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { searchLinks } from "../search-links";
import {
  prepareTracking,
  SIGNATURE_LENGTH,
  signTracking,
  trackingKeyFrom,
  trackingKeyOrigin,
  verifyTracking,
} from "../signature";
import { aurora, sakura, TEST_KEY } from "./helpers";

const ctx = { currency: "EUR", language: "en", rooms: "2", label: "spring mail", anonymousId: "visitor-7" };
const tracking = (url: string) => {
  const q = new URL(url).searchParams;
  return { source: q.get("source")!, label: q.get("label"), anonymousId: q.get("anonymousId"), sig: q.get("sig") };
};

describe("links that do not track, or track unsigned", () => {
  it("carry no tracking at all on the brand's own pages, and the source without sig for the assistant", () => {
    const none = new URL(searchLinks(aurora, { ...ctx, tracking: "none" }, TEST_KEY)("aaaaaaaaaaaaa")).searchParams;
    for (const name of ["source", "label", "anonymousId", "sig"]) expect(none.has(name), name).toBe(false);
    expect(none.get("placeId")).toBe("aaaaaaaaaaaaa");
    const unsigned = tracking(searchLinks(aurora, { ...ctx, tracking: "unsigned" }, TEST_KEY)("aaaaaaaaaaaaa"));
    expect(unsigned).toEqual({ source: "aurora-partner", label: "spring mail", anonymousId: "visitor-7", sig: null });
  });
});

describe("signed partner links", () => {
  it("carry one signature of source, label and anonymousId, the same in every link of a response", () => {
    const link = searchLinks(aurora, ctx, TEST_KEY);
    const urls = ["aaaaaaaaaaaaa", "bbbbbbbbbbbbb", "ccccccccccccc"].map(link);
    const sigs = urls.map((u) => tracking(u).sig);
    expect(new Set(sigs).size).toBe(1);
    expect(sigs[0]).toMatch(new RegExp(`^[A-Za-z0-9_-]{${SIGNATURE_LENGTH}}$`));
    for (const url of urls) {
      const { sig, ...params } = tracking(url);
      expect(params).toEqual({ source: "aurora-partner", label: "spring mail", anonymousId: "visitor-7" });
      expect(verifyTracking(TEST_KEY, aurora.id, params, sig)).toBe(true);
    }
    // The closure only joins strings: the place is outside the signature.
    expect(urls[1]).toBe(urls[0]!.replace("placeId=aaaaaaaaaaaaa", "placeId=bbbbbbbbbbbbb"));
  });

  it("do not verify once a tracking parameter, the brand, the key or the signature changes", () => {
    const { sig, ...params } = tracking(searchLinks(aurora, ctx, TEST_KEY)("aaaaaaaaaaaaa"));
    expect(verifyTracking(TEST_KEY, aurora.id, params, sig)).toBe(true);
    expect(verifyTracking(TEST_KEY, aurora.id, { ...params, label: "spring mail!" }, sig)).toBe(false);
    expect(verifyTracking(TEST_KEY, aurora.id, { ...params, label: null }, sig)).toBe(false);
    expect(verifyTracking(TEST_KEY, aurora.id, { ...params, anonymousId: "visitor-8" }, sig)).toBe(false);
    expect(verifyTracking(TEST_KEY, aurora.id, { ...params, source: "sakura-partner" }, sig)).toBe(false);
    expect(verifyTracking(TEST_KEY, sakura.id, params, sig)).toBe(false);
    expect(verifyTracking(randomBytes(32), aurora.id, params, sig)).toBe(false);
    for (const bad of [null, undefined, "", sig!.slice(1), `${sig}x`, sig!.toUpperCase(), "é".repeat(SIGNATURE_LENGTH)])
      expect(verifyTracking(TEST_KEY, aurora.id, params, bad), String(bad)).toBe(false);
    // Parameters cannot slide from one field into another.
    const a = signTracking(TEST_KEY, aurora.id, { source: "s", label: "a", anonymousId: "b" });
    expect(signTracking(TEST_KEY, aurora.id, { source: "s", label: 'a","b', anonymousId: "" })).not.toBe(a);
    // Without label or anonymous id (the hotel page's nearby panel): signed as empty values.
    const bare = tracking(searchLinks(aurora, { ...ctx, label: undefined, anonymousId: "" }, TEST_KEY)("x"));
    expect(bare.label).toBeNull();
    expect(verifyTracking(TEST_KEY, aurora.id, { source: bare.source }, bare.sig)).toBe(true);
  });

  it("are keyed by TRACKING_SECRET, else by AUTH_SECRET, and the production server refuses to start without either", () => {
    const secret = "t".repeat(32);
    expect(trackingKeyOrigin(parseConfig({ TRACKING_SECRET: secret, AUTH_SECRET: "a".repeat(32) }))).toBe(
      "TRACKING_SECRET",
    );
    expect(trackingKeyOrigin(parseConfig({ AUTH_SECRET: "a".repeat(32) }))).toBe("AUTH_SECRET");
    expect(trackingKeyOrigin(parseConfig({}))).toBe("generated");
    expect(() => parseConfig({ TRACKING_SECRET: "short" })).toThrow(/TRACKING_SECRET: must have at least 32/);
    expect(() => prepareTracking(parseConfig({ NODE_ENV: "production" }))).toThrow(/TRACKING_SECRET is not set/);
    // The key is derived, never the secret itself, and differs from one derived from another secret.
    expect(trackingKeyFrom(secret).equals(Buffer.from(secret))).toBe(false);
    expect(trackingKeyFrom(secret).equals(trackingKeyFrom("u".repeat(32)))).toBe(false);
    expect(trackingKeyFrom(secret)).toHaveLength(32);
  });
});
