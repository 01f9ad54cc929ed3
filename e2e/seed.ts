import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { generateExport } from "../lib/content/generate";
import { LocalSource } from "../lib/content/sources";
import { syncExport } from "../lib/content/sync";
import { openStore } from "../lib/store/db";
import { spawn } from "node:child_process";

/** Seeds a fresh SQLite store with 300 generated hotels plus one record carrying hostile content. */
export async function seed(): Promise<void> {
  const dir = path.join(".data", "e2e");
  fs.rmSync(dir, { recursive: true, force: true });
  const exportDir = path.join(dir, "export");
  await generateExport({ out: exportDir, count: 300, seed: 42 });
  const hostile = {
    id: "XSS-1",
    name: { en: "Hostile <script>window.__pwned = 1</script> Inn" },
    location: {
      address: { en: "<img src=x onerror=window.__pwned=1>" },
      coordinates: { latitude: 48.85, longitude: 2.35 },
      country_code: "FR",
      city: "Paris",
    },
    images: [{ href: "javascript:window.__pwned=1", caption: { en: "bad" } }],
    descriptions: { overall: { en: '<p onclick="window.__pwned=1">Nice <a href="javascript:alert(1)">place</a></p>' } },
  };
  fs.appendFileSync(path.join(exportDir, "hotels.jsonl"), JSON.stringify(hostile) + "\n");
  const store = await openStore({ kind: "sqlite", sqliteFile: path.join(dir, "hotels.sqlite") });
  try {
    const s = await syncExport({
      store,
      source: new LocalSource(exportDir),
      log: pino({ level: "warn" }),
      maxRemovedShare: 0.2,
      maxRejectedShare: 0.1,
      lockStaleSeconds: 30,
    });
    if (s.status !== "published" || s.new !== 301) throw new Error(`e2e seed failed: ${JSON.stringify(s)}`);
  } finally {
    await store.close();
  }
}

/** The e2e web server: seed a fresh store, then serve the built app on it (Playwright stops it after the run). */
export async function serve(port: string): Promise<void> {
  await seed();
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "lib/cli/start.ts", "--port", port, "--hostname", "127.0.0.1"],
    {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: "sqlite://.data/e2e/hotels.sqlite" },
    },
  );
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => server.kill(sig));
  server.on("exit", (code) => process.exit(code ?? 0));
}

if (process.argv[2] === "serve") void serve(process.argv[3] ?? "3210");
