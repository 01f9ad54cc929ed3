import { countryName, type Language } from "@/lib/locale";
import { hundredthsOfKm, mainPlace, nearbyIds, nearbyItems, type PlacesView, type SearchLinkParts } from "./nearby";
import type { NearbyPlacesRequest } from "./request";
import { placeName } from "./types";

/**
 * The response body of POST /v1/nearby-places (spec §2.3) as UTF-8 JSON: the bytes of
 * JSON.stringify({ places: nearbyPlaces(view, req, links) }), copied place by place into one buffer from parts.
 *
 * A thousand places make a few hundred KB. Built as objects, then one string, then bytes, most of the time went to
 * the objects, the string's thousands of pieces joined (two bytes a character as soon as one name needs them), its
 * encoding and the garbage collector. Here a place's JSON is three byte runs and a number: its head (name to
 * "distanceKM":, the same in every answer of the view and language), the distance (as the search measured it), its
 * middle (hotelsCnt and the link up to the place's encoded id, the same in every answer of the view and link
 * prefix) and the answer's link suffix. The parts are looked up first, so the buffer is allocated once, to an upper
 * bound of the size.
 */
export function nearbyPlacesJson(
  view: PlacesView,
  req: NearbyPlacesRequest,
  links: SearchLinkParts,
): Buffer<ArrayBuffer> {
  const centre = mainPlace(view.gazetteer, req);
  const km: number[] = [];
  const ids = nearbyIds(view, centre, req, km);
  if (NEEDS_ESCAPING.test(links.prefix) || NEEDS_ESCAPING.test(links.suffix))
    return Buffer.from(JSON.stringify({ places: nearbyItems(view, ids, km, req.language, links) }));
  const suffix = Buffer.from(`${links.suffix}"}`);
  const heads = partsOf(headsOfView, view, req.language);
  const middles = partsOf(middlesOfView, view, links.prefix);
  const placeHeads: Buffer[] = new Array(ids.length);
  const placeMiddles: Buffer[] = new Array(ids.length);
  let size = OPEN.length + CLOSE.length + ids.length * (MAX_DISTANCE_BYTES + suffix.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const p = view.listed[id]!;
    // Field order and number formatting as JSON.stringify of a NearbyPlace (spec §2.2). A head starts with the comma
    // that separates places: skipped for the first.
    const head = (heads[id] ??= Buffer.from(
      `,{"placeName":${JSON.stringify(placeName(p, req.language))},"placeId":${JSON.stringify(p.placeId)},` +
        `"placeCountry":${JSON.stringify(countryName(p.country, req.language))},` +
        `"placeCategory":${JSON.stringify(p.category)},"distanceKM":`,
    ));
    const middle = (middles[id] ??= Buffer.from(
      `,"hotelsCnt":${view.hotelsCnt(p)},"url":"${links.prefix}${encodeURIComponent(p.placeId)}`,
    ));
    placeHeads[i] = head;
    placeMiddles[i] = middle;
    size += head.length + middle.length;
  }
  const out = new ByteWriter(size);
  out.bytes(OPEN, 0);
  for (let i = 0; i < ids.length; i++) {
    out.bytes(placeHeads[i]!, i === 0 ? 1 : 0);
    out.hundredths(hundredthsOfKm(km[i]!));
    out.bytes(placeMiddles[i]!, 0);
    out.bytes(suffix, 0);
  }
  out.bytes(CLOSE, 0);
  return out.result();
}

const OPEN = Buffer.from('{"places":[');
const CLOSE = Buffer.from("]}");
/** The most bytes ByteWriter.hundredths writes for a distance on Earth (at most π × 6 371 km: "20015.09"). */
const MAX_DISTANCE_BYTES = 8;

/** What JSON.stringify would escape in a string: `"`, `\`, control characters and lone surrogates (any, to be safe). */
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Parts of places' JSON that depend only on the view (one recount) and a key, by index in view.listed, each built on
 * a place's first answer: a head (~120 bytes) per listed place and language asked for, a middle (~80 bytes) per
 * listed place and link prefix (one per brand host). A new recount makes a new view; the old one's parts go with it.
 */
type Parts = (Buffer | undefined)[];
const headsOfView = new WeakMap<PlacesView, Map<Language, Parts>>();
const middlesOfView = new WeakMap<PlacesView, Map<string, Parts>>();

function partsOf<K>(cache: WeakMap<PlacesView, Map<K, Parts>>, view: PlacesView, key: K): Parts {
  let byKey = cache.get(view);
  if (!byKey) cache.set(view, (byKey = new Map()));
  let parts = byKey.get(key);
  if (!parts) byKey.set(key, (parts = []));
  return parts;
}

/** Bytes appended to one buffer (doubled when full: only if a distance were not finite, written then as text). */
class ByteWriter {
  private buf: Buffer<ArrayBuffer>;
  private length = 0;

  constructor(sizeHint: number) {
    this.buf = Buffer.allocUnsafe(sizeHint);
  }

  /** A string, UTF-8. */
  text(text: string): void {
    // At most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units); counted exactly only near the end.
    const room = this.buf.length - this.length;
    if (3 * text.length > room && Buffer.byteLength(text) > room) this.grow(3 * text.length);
    this.length += this.buf.write(text, this.length);
  }

  /** Bytes from `start` on. */
  bytes(bytes: Buffer, start: number): void {
    if (bytes.length - start > this.buf.length - this.length) this.grow(bytes.length);
    this.buf.set(start === 0 ? bytes : bytes.subarray(start), this.length);
    this.length += bytes.length - start;
  }

  /**
   * A count of hundredths (≥ 0) as JSON.stringify writes it divided by 100 (spec §2.2 distanceKM: km rounded to
   * 10 m): "981.1" for 98110, "0.09" for 9, "12" for 1200. That is the shortest decimal that reads back as the
   * same double, and the double nearest to a number of hundredths is read back from its two-decimal form.
   */
  hundredths(n: number): void {
    if (!(n >= 0 && n < 1e15)) return this.text(JSON.stringify(n / 100)); // never for real coordinates
    if (this.buf.length - this.length < 24) this.grow(24);
    const b = this.buf;
    const whole = Math.floor(n / 100);
    const cents = n - whole * 100;
    let digits = 1;
    for (let w = whole; w >= 10; w = Math.floor(w / 10)) digits++;
    for (let w = whole, i = this.length + digits - 1; i >= this.length; w = Math.floor(w / 10), i--)
      b[i] = 0x30 + (w % 10);
    this.length += digits;
    if (cents === 0) return;
    b[this.length++] = 0x2e; // "."
    b[this.length++] = 0x30 + Math.floor(cents / 10);
    if (cents % 10 !== 0) b[this.length++] = 0x30 + (cents % 10);
  }

  result(): Buffer<ArrayBuffer> {
    return this.buf.subarray(0, this.length);
  }

  private grow(atLeast: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.length + atLeast));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
}
