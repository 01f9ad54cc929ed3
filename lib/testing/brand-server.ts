import fs from "node:fs";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";
import { demoBrands } from "@/lib/brands/node";
import { generateExport } from "@/lib/content";
import { openTestStore, type TestStore } from "./store";
import { syncDir, tempDir } from "./exports";

export const AURORA_KEY = "demo-aurora-partner-key-0001";
export const SAKURA_KEY = "demo-sakura-partner-key-0002";

export interface NearbyServer extends AppServer {
  store: TestStore;
  exportDir: string;
  close(): Promise<void>;
}

/** A store holding a generated export (hotels around 58 real cities, hotel counts recomputed by the sync). */
export async function seededStore(count = 600): Promise<{ store: TestStore; exportDir: string }> {
  const store = await openTestStore("sqlite");
  const exportDir = tempDir("nearby-export-");
  await generateExport({ out: exportDir, count, seed: 7 });
  const summary = await syncDir(store, exportDir);
  if (summary.status !== "published") throw new Error(`seed sync failed: ${JSON.stringify(summary)}`);
  return { store, exportDir };
}

export interface BrandServerOptions {
  /** More environment for the server (limits, switches). */
  env?: Record<string, string>;
  /** More host names per brand id (a name Node resolves, for clients that cannot set Host). */
  hosts?: Record<string, string[]>;
  /** More partner keys (X-Partner-Key) per brand id. */
  partnerKeys?: Record<string, string[]>;
}

/** The built app serving a store, with the demo brands pointed at the server's own port. */
export function startBrandServer(store: TestStore, opts: BrandServerOptions = {}): Promise<AppServer> {
  const brandsFile = path.join(tempDir("brands-"), "brands.json");
  return startAppServer((port) => {
    const brands = structuredClone(demoBrands);
    for (const b of brands.brands) {
      b.canonicalUrl = b.canonicalUrl.replace(/:\d+$/, `:${port}`);
      b.hosts.push(...(opts.hosts?.[b.id] ?? []));
      b.partner.keys.push(...(opts.partnerKeys?.[b.id] ?? []));
    }
    fs.writeFileSync(brandsFile, JSON.stringify(brands));
    return { DATABASE_URL: store.databaseUrl, BRANDS_FILE: brandsFile, ...opts.env };
  });
}

/**
 * A store holding a generated export and the built app serving it, with the demo brands pointed at the server's own
 * port.
 */
export async function startNearbyServer(count = 600, opts: BrandServerOptions = {}): Promise<NearbyServer> {
  const { store, exportDir } = await seededStore(count);
  const server = await startBrandServer(store, opts);
  return {
    ...server,
    store,
    exportDir,
    close: async () => {
      await server.stop();
      await store.drop();
    },
  };
}

export const validBody = {
  placeName: "Paris",
  currency: "EUR",
  language: "en",
  userCountry: "DE",
  userDevice: "desktop",
};

export function post(server: AppServer, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/v1/nearby-places`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-partner-key": AURORA_KEY, ...headers },
    body:
      typeof body === "string"
        ? body
        : body instanceof Uint8Array
          ? new Blob([new Uint8Array(body)])
          : JSON.stringify(body),
  });
}
