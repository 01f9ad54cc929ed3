import { PLACE_CATEGORIES, type Place } from "./types";
import { foldName, nameKey } from "@/lib/locale";

const categoryRank = new Map<string, number>(PLACE_CATEGORIES.map((c, i) => [c, i]));

/** Same-named places in the order "the first place with the matching name" (spec §4.1) is taken from. */
function byProminence(a: Place, b: Place): number {
  return (
    b.population - a.population ||
    categoryRank.get(a.category)! - categoryRank.get(b.category)! ||
    a.name.localeCompare(b.name) ||
    a.placeId.localeCompare(b.placeId)
  );
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== value) list.push(value);
  } else map.set(key, [value]);
}

/**
 * The places, found by id and by name. Built once per process (see ./service.ts) from the bundled sources and the
 * operator's imports; imported places replace bundled ones with the same source key (a newer GeoNames dump).
 */
export class Gazetteer {
  private readonly byId = new Map<string, Place>();
  private names?: { byName: Map<string, Place[]> };
  readonly places: Place[];

  constructor(bundled: Place[], imported: Place[] = []) {
    const replaced = new Set(imported.map((p) => p.sourceKey));
    this.places = [...bundled.filter((p) => !replaced.has(p.sourceKey)), ...imported];
    for (const place of this.places) this.byId.set(place.placeId, place);
  }

  /** The name index, built on first use (hotel counting never needs it; a serving process builds it when loading). */
  nameIndex() {
    if (this.names) return this.names;
    const byName = new Map<string, Place[]>();
    for (const place of this.places) {
      for (const name of [place.name, ...Object.values(place.names ?? {}), ...(place.altNames ?? [])]) {
        const key = foldName(name);
        if (key) push(byName, key, place);
      }
    }
    for (const list of byName.values()) list.sort(byProminence);
    return (this.names = { byName });
  }

  get size(): number {
    return this.places.length;
  }

  get(placeId: string): Place | undefined {
    return this.byId.get(placeId);
  }

  /** Places with this name (any language, accents and case ignored), most prominent first. */
  named(name: string): readonly Place[] {
    return this.nameIndex().byName.get(nameKey(name)) ?? [];
  }
}
