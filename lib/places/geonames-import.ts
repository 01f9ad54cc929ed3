import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import type { Kysely } from "kysely";
import type { Database, PlacesTable } from "@/lib/store";
import { placeIdFor } from "./place-id";
import { populatedPlaceCategory } from "./sources/bundled";
import type { PlaceCategory } from "./types";

/**
 * A gazetteer file that could not be imported: missing, or unreadable part way (nothing of it is kept). The codes are
 * the sync's for the same failures (lib/content/errors.ts), so that the places command reports them alike.
 */
export class GazetteerImportError extends Error {
  readonly code: "SOURCE_NOT_FOUND" | "IMPORT_FAILED";
  readonly field: string;

  constructor(opts: { code: "SOURCE_NOT_FOUND" | "IMPORT_FAILED"; field: string; message: string; cause?: unknown }) {
    super(opts.message, { cause: opts.cause });
    this.name = "GazetteerImportError";
    this.code = opts.code;
    this.field = opts.field;
  }
}

/** S-class feature codes imported as landmarks unless the operator names others. */
export const DEFAULT_LANDMARK_CODES = ["MNMT", "CSTL", "MUS", "TOWR", "PAL", "RUIN", "AMTH", "PYR", "ZOO", "OPRA"];
/** L-class feature codes imported as tourist regions, with the radius their hotel count uses. */
export const TOURIST_REGION_RADIUS_KM: Record<string, number> = { RGN: 50, AREA: 15, PRK: 5 };
const SKIPPED_POPULATED = new Set(["PPLH", "PPLQ", "PPLW", "PPLCH"]);
const MAX_ALT_NAMES = 30;

export interface GeoNamesImportSummary {
  file: string;
  lines: number;
  imported: number;
  byCategory: Partial<Record<PlaceCategory, number>>;
  skipped: number;
  rejected: number;
  /** The first rejected lines, with why. */
  problems: { line: number; message: string }[];
  durationMs: number;
}

/** One line of a GeoNames dump (allCountries.txt, cities500.txt, XX.txt): 19 tab-separated columns. */
export function parseGeoNamesLine(
  line: string,
  landmarkCodes: ReadonlySet<string>,
): { row: Omit<PlacesTable, "import_file" | "imported_at"> } | { skip: true } | { error: string } {
  const c = line.split("\t");
  if (c.length < 15) return { error: `expected 19 tab-separated columns, found ${c.length}` };
  const [id, name, ascii, alternates, latText, lonText, featureClass, code, country, , admin1] = c;
  const population = Number(c[14] || 0);
  let category: PlaceCategory | undefined;
  let radius: number | null = null;
  if (featureClass === "P" && code && !SKIPPED_POPULATED.has(code)) category = populatedPlaceCategory(code, population);
  else if (featureClass === "S" && code && landmarkCodes.has(code)) category = "landmark";
  else if (featureClass === "L" && code && code in TOURIST_REGION_RADIUS_KM) {
    category = "touristRegion";
    radius = TOURIST_REGION_RADIUS_KM[code]!;
  }
  if (!category) return { skip: true };
  if (!/^\d+$/.test(id ?? "")) return { error: `geonameid "${id}" is not a number` };
  if (!name) return { error: "the name is empty" };
  const lat = Number(latText);
  const lon = Number(lonText);
  if (!latText || !lonText || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180))
    return { error: `coordinates "${latText}, ${lonText}" are not a position` };
  if (!/^[A-Z]{2}$/.test(country ?? "")) return { error: `country code "${country}" is not ISO 3166-1 alpha-2` };
  if (!Number.isFinite(population) || population < 0) return { error: `population "${c[14]}" is not a number` };
  const altNames = [...new Set([ascii ?? "", ...(alternates ?? "").split(",")])]
    .map((n) => n.trim())
    .filter((n) => n && n !== name && n.length <= 100 && !/^https?:/i.test(n))
    .slice(0, MAX_ALT_NAMES);
  const sourceKey = `geonames:${id}`;
  return {
    row: {
      place_id: placeIdFor(sourceKey),
      source_key: sourceKey,
      category,
      name,
      names: null,
      alt_names: altNames.length ? JSON.stringify(altNames) : null,
      country_code: country!,
      admin1: admin1 || null,
      latitude: lat,
      longitude: lon,
      population,
      radius_km: radius,
    },
  };
}

/**
 * Imports a GeoNames dump (tab-separated, optionally .gz) into the store's places: populated places (P class, by
 * the same rules as the bundled ones), landmarks (S class, landmarkCodes) and tourist regions (L class RGN, AREA,
 * PRK). Rows are upserted by GeoNames id, so an import can be repeated; a later dump replaces the earlier rows and
 * bundled places with the same GeoNames id. Bad lines are counted and reported, never stored; a file that cannot be read to its end imports nothing.
 */
export async function importGeoNames(
  db: Kysely<Database>,
  file: string,
  opts: {
    landmarkCodes?: readonly string[];
    onProgress?: (bytes: number, total: number) => void;
    /** The sync lock's check (SyncLock.confirm), run in the import's transaction before it commits. */
    confirm?: (trx: Kysely<Database>) => Promise<void>;
  } = {},
): Promise<GeoNamesImportSummary> {
  const started = performance.now();
  let total: number;
  try {
    total = fs.statSync(file).size;
  } catch {
    throw new GazetteerImportError({ code: "SOURCE_NOT_FOUND", field: "file", message: `No such file: ${file}` });
  }
  const landmarkCodes = new Set(opts.landmarkCodes ?? DEFAULT_LANDMARK_CODES);
  const summary: GeoNamesImportSummary = {
    file: path.basename(file),
    lines: 0,
    imported: 0,
    byCategory: {},
    skipped: 0,
    rejected: 0,
    problems: [],
    durationMs: 0,
  };
  const importedAt = new Date().toISOString();
  let batch: PlacesTable[] = [];
  const flush = async (db: Kysely<Database>) => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db
      .insertInto("places")
      .values(rows)
      .onConflict((oc) =>
        oc.column("source_key").doUpdateSet((eb) => ({
          category: eb.ref("excluded.category"),
          name: eb.ref("excluded.name"),
          alt_names: eb.ref("excluded.alt_names"),
          country_code: eb.ref("excluded.country_code"),
          admin1: eb.ref("excluded.admin1"),
          latitude: eb.ref("excluded.latitude"),
          longitude: eb.ref("excluded.longitude"),
          population: eb.ref("excluded.population"),
          radius_km: eb.ref("excluded.radius_km"),
          import_file: eb.ref("excluded.import_file"),
          imported_at: eb.ref("excluded.imported_at"),
        })),
      )
      .execute();
  };
  try {
    // One transaction: a file that breaks off half-way (a truncated .gz) imports nothing.
    await db.transaction().execute(async (trx) => {
      // Opened inside the transaction: a stream that starts flowing before readline listens would lose lines.
      const raw = fs.createReadStream(file);
      let bytes = 0;
      raw.on("data", (chunk) => {
        bytes += chunk.length;
        opts.onProgress?.(bytes, total);
      });
      const input = file.endsWith(".gz") ? raw.pipe(zlib.createGunzip()) : raw;
      for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
        summary.lines++;
        if (!line.trim() || line.startsWith("#")) continue;
        const parsed = parseGeoNamesLine(line, landmarkCodes);
        if ("skip" in parsed) summary.skipped++;
        else if ("error" in parsed) {
          summary.rejected++;
          if (summary.problems.length < 20) summary.problems.push({ line: summary.lines, message: parsed.error });
        } else {
          const category = parsed.row.category as PlaceCategory;
          summary.byCategory[category] = (summary.byCategory[category] ?? 0) + 1;
          summary.imported++;
          batch.push({ ...parsed.row, import_file: summary.file, imported_at: importedAt });
          if (batch.length >= 500) await flush(trx);
        }
      }
      await flush(trx);
      await opts.confirm?.(trx);
    });
  } catch (e) {
    if (e instanceof GazetteerImportError) throw e;
    throw new GazetteerImportError({
      code: "IMPORT_FAILED",
      field: "file",
      message: `${summary.file} could not be read after line ${summary.lines}: ${(e as Error).message}`,
      cause: e,
    });
  }
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}
