import { log } from "@/lib/log";
import { isSyncError, withSyncLock } from "@/lib/content";
import { openConfiguredStore } from "@/lib/store";
import {
  DEFAULT_LANDMARK_CODES,
  GazetteerImportError,
  importGeoNames,
  recountHotels,
  loadGazetteer,
  PLACE_CATEGORIES,
  loadHotelCounts,
} from "@/lib/places";
import { commandLine, usageError } from "./args";
import { progressReporter } from "./progress";
import { config } from "@/lib/config";

const usage = `Usage: npm run places -- <command>

  import <file> [--landmark-codes MNMT,CSTL,…]
          import a GeoNames dump (allCountries.txt, cities500.txt, XX.txt; optionally .gz): populated places,
          landmarks (S class; default codes ${DEFAULT_LANDMARK_CODES.join(",")}) and tourist regions
          (L class RGN, AREA, PRK), then recompute the hotel counts
  recount  recompute every place's hotel count from the published hotels
  stats    places per category, and how many have hotels

Store: the SQLite file under DATA_DIR, or PostgreSQL when DATABASE_URL=postgres://…`;

async function main(): Promise<number> {
  const { values, positionals } = commandLine("places", usage, {
    allowPositionals: true,
    options: { "landmark-codes": { type: "string" } },
  });
  const [command, file] = positionals;
  if (!command || !["import", "recount", "stats"].includes(command))
    usageError("places", `a command is needed: import <file>, recount or stats${command ? ` (not "${command}")` : ""}`);
  if (command === "import" && !file) usageError("places", "import needs a <file>");
  const store = await openConfiguredStore();
  try {
    if (command === "import" || command === "recount") {
      // Under the sync lock: an import or a recount never interleaves with a sync's publish and recount.
      await withSyncLock(store.db, config().SYNC_LOCK_STALE_SECONDS, async (lock) => {
        const confirm = (trx: typeof store.db) => lock.confirm(trx);
        if (command === "import") {
          const progress = progressReporter("import", "bytes");
          const summary = await importGeoNames(store.db, file!, {
            landmarkCodes: values["landmark-codes"]?.split(",").map((c) => c.trim().toUpperCase()),
            onProgress: (done, total) => progress.update(done, total),
            confirm,
          });
          progress.stop();
          console.log(
            `imported ${summary.imported} places from ${summary.file} in ${(summary.durationMs / 1000).toFixed(2)} s ` +
              `(${summary.lines} lines; ${summary.skipped} of other kinds skipped; ${summary.rejected} rejected)`,
          );
          for (const [category, n] of Object.entries(summary.byCategory)) console.log(`  ${category.padEnd(14)} ${n}`);
          for (const p of summary.problems) console.log(`  line ${p.line}: ${p.message}`);
        }
        const r = await recountHotels(store.db, { runId: null, log, confirm });
        console.log(
          `hotel counts recomputed: ${r.places} places with hotels, from ${r.hotels} hotels, in ${r.durationMs} ms`,
        );
      });
    }
    if (command === "stats") {
      const gazetteer = await loadGazetteer(store.db);
      const counts = await loadHotelCounts(store.db);
      for (const category of PLACE_CATEGORIES) {
        const places = gazetteer.places.filter((p) => p.category === category);
        const withHotels = places.filter((p) => counts.has(p.placeId)).length;
        console.log(`${category.padEnd(14)} ${String(places.length).padStart(7)} places, ${withHotels} with hotels`);
      }
    }
    return 0;
  } catch (e) {
    const coded = isSyncError(e) || e instanceof GazetteerImportError;
    console.error(coded ? `${e.code}: ${e.message}` : `places failed: ${(e as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
}

main().then((code) => process.exit(code));
