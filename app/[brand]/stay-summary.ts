import type { Room } from "@/lib/places/client";
import { format, type Message } from "@/lib/i18n/client";

/* What the search box says of a stay in one line; plain functions, used by the server pages and the box alike. */

/** The picker's words: ICU messages where a number goes in (lib/i18n), formatted here as the visitor changes it. */
export interface RoomsPickerLabels {
  guests: string;
  room: Message<{ n: number }>;
  adults: string;
  children: string;
  childAge: Message<{ n: number }>;
  addRoom: string;
  removeRoom: Message<{ n: number }>;
  done: string;
  roomsOne: string;
  roomsMany: Message<{ n: number }>;
  adultsOne: string;
  adultsMany: Message<{ n: number }>;
  childrenOne: string;
  childrenMany: Message<{ n: number }>;
}

export const fill = (message: Message<{ n: number }>, n: number) => format(message, { n });

/** "1 room · 2 adults · 1 child": what the closed picker says (and its button's accessible name ends with). */
export function roomsSummary(rooms: Room[], l: RoomsPickerLabels): string {
  const adults = rooms.reduce((n, r) => n + r.adults, 0);
  const children = rooms.reduce((n, r) => n + r.childAges.length, 0);
  return [
    rooms.length === 1 ? l.roomsOne : fill(l.roomsMany, rooms.length),
    adults === 1 ? l.adultsOne : fill(l.adultsMany, adults),
    children === 0 ? undefined : children === 1 ? l.childrenOne : fill(l.childrenMany, children),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The dates part of a stay's summary: "12–14 Jun · 2 nights", or `none` without both dates. */
export function datesSummary(
  stay: { checkIn?: string; checkOut?: string },
  l: { nights: Message<{ n: number }>; none: string },
  language: string,
): string {
  const { checkIn, checkOut } = stay;
  if (!checkIn || !checkOut) return l.none;
  const from = new Date(`${checkIn}T00:00:00Z`);
  const to = new Date(`${checkOut}T00:00:00Z`);
  const nights = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  if (!(nights > 0)) return l.none;
  const range = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).formatRange(
    from,
    to,
  );
  return `${range} · ${format(l.nights, { n: nights })}`;
}
