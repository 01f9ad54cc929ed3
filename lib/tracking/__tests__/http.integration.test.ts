import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackFetch } from "@/lib/http/node";
import { post, startNearbyServer, validBody, type NearbyServer } from "@/lib/testing";
import { trackingKeyFrom, verifyTracking } from "../signature";

const SECRET = "integration-tracking-secret-0000000000001";
const OPS_TOKEN = "tracking-operators-token-0001";

let server: NearbyServer;
beforeAll(async () => {
  server = await startNearbyServer(600, { env: { TRACKING_SECRET: SECRET, OPS_TOKEN } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Place = { placeId: string; url: string };

describe("click tracking in the built app", () => {
  it("signs every nearby-places link, and following one records one arrival per visitor, label and day", async () => {
    const res = await post(server, { ...validBody, hits: 20, label: "spring mail", anonymousId: "visitor-9" });
    expect(res.status).toBe(200);
    const { places } = (await res.json()) as { places: Place[] };
    expect(places.length).toBeGreaterThan(1);
    const key = trackingKeyFrom(SECRET);
    for (const p of places) {
      const q = new URL(p.url).searchParams;
      const params = { source: q.get("source")!, label: q.get("label"), anonymousId: q.get("anonymousId") };
      expect(params).toEqual({ source: "aurora-partner", label: "spring mail", anonymousId: "visitor-9" });
      expect(verifyTracking(key, "aurora", params, q.get("sig"))).toBe(true);
    }

    const [first, second] = places as [Place, Place];
    const tampered = new URL(first.url);
    tampered.searchParams.set("label", "free money");
    const unsigned = new URL(first.url);
    unsigned.searchParams.delete("sig");
    const foreign = new URL(first.url);
    foreign.searchParams.set("source", "sakura-partner");
    // The same visitor twice on one place and once on another; then links that are not arrivals. Every page answers.
    for (const url of [first.url, first.url, second.url, foreign.href, tampered.href, unsigned.href]) {
      const page = await loopbackFetch(url);
      expect(page.status, url).toBe(200);
    }

    // Written off the request path: the two unverified links appear within a flush or two, and so does the rest.
    const unverified = async () =>
      (await server.store.db.selectFrom("arrival_unverified_days").select(["brand_id", "count"]).execute()).map((r) => [
        r.brand_id,
        Number(r.count),
      ]);
    await expect.poll(unverified, { timeout: 10_000 }).toEqual([["aurora", 2]]);
    const rows = await server.store.db.selectFrom("arrivals").selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        brand_id: "aurora",
        source: "aurora-partner",
        label: "spring mail",
        visitor: "visitor-9",
        place_id: first.placeId,
      }),
    ]);

    // The operators see the arrival and the unverified links.
    const ops = await fetch(`${server.url}/ops`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const html = (await ops.text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/<td>spring mail<\/td><td>1<\/td><td>1<\/td>/);
    expect(html).toMatch(/data-testid="arrivals-unverified"[^>]*>[^<]*: aurora 2\./);
  });

  it("writes the arrivals still in memory when the server shuts down", async () => {
    const res = await post(server, { ...validBody, hits: 1, label: "last call", anonymousId: "visitor-10" });
    const [place] = ((await res.json()) as { places: Place[] }).places;
    expect((await loopbackFetch(place!.url)).status).toBe(200);
    // At once: well within the flush interval (a second).
    await server.stop();
    const rows = await server.store.db.selectFrom("arrivals").selectAll().where("label", "=", "last call").execute();
    expect(rows).toEqual([expect.objectContaining({ visitor: "visitor-10", place_id: place!.placeId })]);
  });
});
