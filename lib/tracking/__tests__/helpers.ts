import { randomBytes } from "node:crypto";
import { BrandRegistry, demoBrands } from "@/lib/brands/node";
import type { Store } from "@/lib/store";
import { ArrivalRecorder, type ArrivalRecorderOptions } from "../recorder";
import { signTracking } from "../signature";
import type { ArrivalQuery } from "../arrivals";

const registry = BrandRegistry.parse(JSON.stringify(demoBrands), "demo");
export const aurora = registry.get("aurora")!;
export const sakura = registry.get("sakura")!;

/** A signing key of the test's own (the process's key is not needed to test signing). */
export const TEST_KEY = randomBytes(32);

/** A search-page query as a nearby-places link of the brand carries it, signed with TEST_KEY. */
export function signedQuery(
  params: { label?: string; anonymousId?: string; placeId?: string },
  brand = aurora,
): ArrivalQuery {
  const source = brand.partner.source;
  return { ...params, source, sig: signTracking(TEST_KEY, brand.id, { source, ...params }) };
}

/** A recorder on a test store that flushes only when told (the interval is a minute). */
export function testRecorder(store: Store, opts: Partial<ArrivalRecorderOptions> = {}): ArrivalRecorder {
  return new ArrivalRecorder({
    store: async () => store,
    retentionDays: 400,
    flushIntervalMs: 60_000,
    ...opts,
  });
}

export const DAY = 86_400_000;
