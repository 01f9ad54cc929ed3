import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAppServer,
  type AppServer,
  hotel,
  syncDir,
  tempDir,
  openTestStore,
  type TestStore,
  cliEntry,
} from "@/lib/testing";
import demoBrands from "../demo-brands.json";
import { generateExport } from "@/lib/content";
import { loopbackFetch } from "@/lib/http/node";
import { loadGazetteer, type Gazetteer } from "@/lib/places";

/**
 * What the README says of the brand sites' hosts and preferences, the brand registry's keys and the nearby-places
 * route's checks,
 * against the built app over HTTP (`npx next build` first). One server for the file: the demo brands, Aurora's
 * partner key read from the environment (`env:`), and no OPS_TOKEN (the operators' pages off).
 */

const ENV_KEY = "promises-aurora-key-from-env-7731";
const SAKURA_KEY = demoBrands.brands[1]!.partner.keys[0]!;
const HOTEL_ID = "H900001";

/** A hotel whose record has images fetched with several methods and health-and-safety values some of them null. */
const showcase = hotel(900001, {
  name: { en: "Promise Showcase Hotel" },
  location: {
    address: { en: "1 Rue de Rivoli" },
    coordinates: { latitude: 48.8566, longitude: 2.3522 },
    country_code: "FR",
    city: "Paris",
  },
  images: [
    { method: "POST", href: "https://images.example.test/posted.jpg", caption: { en: "Posted" } },
    { method: "GET", href: "https://images.example.test/got.jpg", caption: { en: "Got" } },
    { href: "https://images.example.test/no-method.jpg", caption: { en: "No method" } },
    { method: "PUT", href: "https://images.example.test/put.jpg", caption: { en: "Put" } },
    { method: "HEAD", href: "https://images.example.test/head.jpg", caption: { en: "Head" } },
  ],
  policies: {
    health_and_safety: {
      enhanced_cleaning_practices: true,
      cleaned_with_disinfectant: null,
      self_check_in_and_check_out: false,
      gap_between_stays: null,
    },
  },
});

let store: TestStore;
let server: AppServer;
let gazetteer: Gazetteer;

beforeAll(async () => {
  store = await openTestStore("sqlite");
  const dir = tempDir("promises-export-");
  await generateExport({ out: dir, count: 400, seed: 14 });
  fs.writeFileSync(path.join(dir, "zz-showcase.jsonl"), JSON.stringify(showcase) + "\n");
  const seeded = await syncDir(store, dir);
  expect(seeded).toMatchObject({ status: "published", rejected: 0 });
  gazetteer = await loadGazetteer(store.db);
  const brandsFile = path.join(tempDir("brands-"), "brands.json");
  server = await startAppServer((port) => {
    const brands = structuredClone(demoBrands);
    for (const b of brands.brands) b.canonicalUrl = b.canonicalUrl.replace(/:\d+$/, `:${port}`);
    brands.brands[0]!.partner.keys = ["env:PROMISES_AURORA_KEY"];
    fs.writeFileSync(brandsFile, JSON.stringify(brands));
    return {
      DATABASE_URL: store.databaseUrl,
      BRANDS_FILE: brandsFile,
      PROMISES_AURORA_KEY: ENV_KEY,
      LOG_LEVEL: "debug",
      // One TLS proxy in front: its X-Forwarded-Proto decides the cookies' Secure flag.
      TRUSTED_PROXY_HOPS: "1",
    };
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await store?.drop();
});

/** A request to the server under a host name of our choosing (Node cannot resolve *.localhost). */
function onHost(host: string, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return loopbackFetch(`http://${host}:${server.port}${pathAndQuery}`, init);
}

/** A GET with the Host header exactly as given (a URL's host name would be lower-cased on the way). */
function getWithHost(host: string, pathAndQuery: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: server.port, path: pathAndQuery, headers: { host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            text: Buffer.concat(chunks)
              .toString()
              .replace(/<!-- -->/g, ""),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

const nearbyBody = { placeName: "Paris", currency: "EUR", language: "en", userCountry: "DE", userDevice: "desktop" };

function nearby(body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/v1/nearby-places`, {
    method: "POST",
    headers: { "x-partner-key": ENV_KEY, "content-type": "application/json", ...headers },
    body,
  });
}

async function errorCode(res: Response): Promise<[number, string]> {
  const body = (await res.json()) as { error: { code: string } };
  return [res.status, body.error.code];
}

/** Text of a server-rendered page without React's text separators. */
const pageText = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("POST /v1/nearby-places (README: Nearby places, Decisions)", () => {
  it("checks a request's media type before its size, and its size before its JSON", async () => {
    const big = JSON.stringify({ ...nearbyBody, label: "x".repeat(70_000) });
    const bigBroken = `{"placeName": "Paris", "label": "${"x".repeat(70_000)}`;
    // Wrong media type with a body too large and not JSON: 415.
    expect(await errorCode(await nearby(bigBroken, { "content-type": "text/plain" }))).toEqual([
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ]);
    // A compressed body is a media-type refusal too, whatever its size.
    expect(await errorCode(await nearby(big, { "content-encoding": "gzip" }))).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    // Right media type, too large and not JSON: 413.
    expect(await errorCode(await nearby(bigBroken, {}))).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    // Wrong media type, small and not JSON: still 415, not 400.
    expect(await errorCode(await nearby("{", { "content-type": "text/plain" }))).toEqual([
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ]);
    // And the key before all of them.
    expect(await errorCode(await nearby(bigBroken, { "x-partner-key": "", "content-type": "text/plain" }))).toEqual([
      401,
      "UNAUTHORIZED",
    ]);
  });

  it("gives distanceKM rounded to 10 m: the great-circle distance from the place, to two decimals", async () => {
    const paris = gazetteer.named("Paris").find((p) => p.country === "FR" && p.category === "city")!;
    const res = await nearby(JSON.stringify({ ...nearbyBody, placeId: paris.placeId, hits: 60, radius: 1000 }), {});
    expect(res.status).toBe(200);
    const { places } = (await res.json()) as { places: { placeId: string; distanceKM: number }[] };
    expect(places.length).toBeGreaterThan(20);
    for (const p of places) {
      const place = gazetteer.get(p.placeId)!;
      const exact = greatCircleKm(paris.lat, paris.lon, place.lat, place.lon);
      expect(Math.abs(p.distanceKM * 100 - Math.round(p.distanceKM * 100)), `${p.distanceKM}`).toBeLessThan(1e-6);
      expect(Math.abs(p.distanceKM - exact), `${p.placeId}`).toBeLessThanOrEqual(0.005 + 1e-6);
    }
  });
});

/** Haversine on a sphere of 6 371 km. */
function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

describe("brand registry (README: Brands and partner keys)", () => {
  it("reads a partner key written as env:NAME from the environment, and never logs it", async () => {
    const res = await nearby(JSON.stringify({ ...nearbyBody, hits: 1 }), {});
    expect(res.status).toBe(200);
    const { places } = (await res.json()) as { places: { url: string }[] };
    expect(new URL(places[0]!.url).host).toBe(`brand-a.localhost:${server.port}`);
    // The literal key the file no longer carries is unknown; the variable's name is not a key either.
    const old = demoBrands.brands[0]!.partner.keys[0]!;
    for (const key of [old, "env:PROMISES_AURORA_KEY"])
      expect(await errorCode(await nearby(JSON.stringify(nearbyBody), { "x-partner-key": key }))).toEqual([
        401,
        "UNAUTHORIZED",
      ]);
    expect(server.logs()).not.toContain(ENV_KEY);
  });

  it("refuses to serve a registry with a short key, a key two brands share or an unset env: key, listing each", () => {
    const brands = structuredClone(demoBrands);
    const shortKey = "short-key-15chr";
    brands.brands[0]!.partner.keys = [shortKey, "env:PROMISES_SHARED_KEY"];
    brands.brands[1]!.partner.keys = [SAKURA_KEY, "promises-shared-key-0099", "env:PROMISES_NOT_SET"];
    const file = path.join(tempDir("brands-bad-"), "brands.json");
    fs.writeFileSync(file, JSON.stringify(brands));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BRANDS_FILE: file,
      PROMISES_SHARED_KEY: "promises-shared-key-0099",
    };
    delete env.PROMISES_NOT_SET;
    const run = spawnSync(process.execPath, [...cliEntry("start"), "--port", "1"], {
      env: { ...env, LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`start failed: Invalid brand registry:`);
    expect(run.stderr).toContain("brands.0.partner.keys.0: a partner key needs at least 16 characters");
    expect(run.stderr).toContain(
      'brands.1.partner.keys.1: the same key is already used by brand "aurora"', // the env: key of brand 0
    );
    expect(run.stderr).toContain("brands.1.partner.keys.2: environment variable PROMISES_NOT_SET is not set");
    // The keys themselves are never printed.
    expect(run.stdout + run.stderr).not.toContain(shortKey);
    expect(run.stdout + run.stderr).not.toContain("promises-shared-key-0099");
  });
});

describe("brand sites (README: Brand sites, Decisions)", () => {
  it("matches the Host without case (and without port or trailing dot), for pages and API routes", async () => {
    for (const [host, name] of [
      [`BRAND-A.LOCALHOST:${server.port}`, "Aurora Stays"],
      [`Brand-B.LocalHost:${server.port}`, "Sakura Journeys"],
      ["Aurora.Localhost.", "Aurora Stays"],
    ] as const) {
      const page = await getWithHost(host, "/ping");
      expect(page.status, host).toBe(200);
      expect(page.text, host).toContain(`© ${name}`);
      const suggest = await getWithHost(host, "/api/suggest?q=par");
      expect(suggest.status, host).toBe(200);
      expect(JSON.parse(suggest.text), host).toBeTypeOf("object");
    }
    expect((await getWithHost("BRAND-C.LOCALHOST", "/ping")).status).toBe(404);
    expect((await getWithHost("BRAND-C.LOCALHOST", "/api/suggest?q=par")).status).toBe(404);
  });

  it("overwrites the brand, language and currency headers a client sends", async () => {
    const res = await onHost("brand-a.localhost", "/ping", {
      headers: {
        "x-brand-id": "sakura",
        "x-brand-lang": "de",
        "x-brand-curr": "CHF",
      },
    });
    expect(res.status).toBe(200);
    const text = await pageText(res);
    // Aurora offers de and CHF, so only the proxy's own values can explain English and euros here.
    expect(text).toMatch(/<html[^>]* lang="en"/);
    expect(text).toContain("© Aurora Stays · EUR");
    expect(text).not.toContain("Sakura Journeys");
    // Chosen through the preference rules instead, the same values do apply.
    const chosen = await pageText(await onHost("brand-a.localhost", "/ping?lang=de&curr=CHF"));
    expect(chosen).toMatch(/<html[^>]* lang="de"/);
    expect(chosen).toContain("© Aurora Stays · CHF");
  });

  it("saves preferences in host-only cookies for one year, HttpOnly and SameSite=Lax, Secure over https", async () => {
    const cookiesOf = (res: Response) =>
      Object.fromEntries(
        res.headers.getSetCookie().map((c) => {
          const [pair, ...attrs] = c.split(/;\s*/);
          const [name, value] = pair!.split("=");
          return [name!, { value, attrs: attrs.map((a) => a.toLowerCase()) }];
        }),
      );
    const expectAttributes = (attrs: string[], secure: boolean) => {
      expect(attrs).toContain("max-age=31536000");
      expect(attrs).toContain("path=/");
      expect(attrs).toContain("httponly");
      expect(attrs).toContain("samesite=lax");
      expect(attrs.includes("secure")).toBe(secure);
      expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
    };
    for (const secure of [false, true]) {
      const headers: Record<string, string> = secure ? { "x-forwarded-proto": "https" } : {};
      // The switchers' form.
      const switched = await onHost("brand-a.localhost", "/preferences?lang=fr&curr=GBP&return=/ping", { headers });
      expect(switched.status).toBe(303);
      const set = cookiesOf(switched);
      expect(set.lang?.value).toBe("fr");
      expect(set.curr?.value).toBe("GBP");
      expectAttributes(set.lang!.attrs, secure);
      expectAttributes(set.curr!.attrs, secure);
      // A partner link's language, applied and saved because the visitor has none saved.
      const linked = cookiesOf(await onHost("brand-a.localhost", "/ping?lang=es", { headers }));
      expect(linked.lang?.value).toBe("es");
      expectAttributes(linked.lang!.attrs, secure);
    }
  });

  it("leaves out images fetched with another method than GET, and health-and-safety values that are null", async () => {
    const res = await onHost("brand-a.localhost", `/hotels/${HOTEL_ID}`);
    expect(res.status).toBe(200);
    const html = await pageText(res);
    expect(html).toContain("Promise Showcase Hotel");
    expect(html).toContain('src="https://images.example.test/got.jpg"');
    expect(html).toContain('src="https://images.example.test/no-method.jpg"');
    for (const gone of ["posted.jpg", "put.jpg", "head.jpg"]) expect(html).not.toContain(gone);
    expect(html).toContain("<dt>Health and safety: Enhanced cleaning practices</dt><dd>Yes</dd>");
    expect(html).toContain("<dt>Health and safety: Self check-in and check-out</dt><dd>No</dd>");
    expect(html).not.toContain("Cleaned with disinfectant");
    expect(html).not.toContain("Gap between stays");
  });
});

describe("operators' pages without OPS_TOKEN (README: Operators' status page)", () => {
  it("are off: the page says so, and no token, bearer or form opens them", async () => {
    const page = await pageText(await fetch(`${server.url}/ops`));
    expect(page).toContain("Status page is off");
    expect(page).not.toContain("Sync runs");
    const bearer = await pageText(
      await fetch(`${server.url}/ops/hotels?id=${HOTEL_ID}`, { headers: { authorization: "Bearer env:OPS_TOKEN" } }),
    );
    expect(bearer).toContain("Status page is off");
    const login = await fetch(`${server.url}/ops/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=anything-at-all-000000",
      redirect: "manual",
    });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toMatch(/\/ops\?error=1$/);
    expect(login.headers.getSetCookie()).toEqual([]);
    const health = (await (
      await fetch(`${server.url}/api/health`, { headers: { authorization: "Bearer anything-at-all-000000" } })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(health)).toEqual(["status"]);
  });

  it("logged no server error while answering all of the above", () => {
    expect(server.logs()).not.toMatch(/"level":50/);
  });
});
