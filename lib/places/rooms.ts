/**
 * The `rooms` format (spec §4.1: "room configuration; default 2", format not shown): rooms separated by ",", each
 * room the number of adults (1-8) optionally followed by "-" and each child's age (0-17). "2" is one room for two
 * adults; "2-4-9" two adults with children aged 4 and 9; "2,1" two rooms. At most 8 rooms and 6 children a room.
 */
export const ROOMS_MAX = 8;
export const ADULTS_MAX = 8;
export const CHILDREN_MAX = 6;

/** The same format as a regular expression (for JSON Schema): a string matches it exactly when parseRooms takes it. */
export const ROOMS_PATTERN = /^0?[1-8](-(0?[0-9]|1[0-7])){0,6}(,0?[1-8](-(0?[0-9]|1[0-7])){0,6}){0,7}$/;

export interface Room {
  adults: number;
  childAges: number[];
}

/** The normalised rooms string, or an error message naming what is wrong. */
export function parseRooms(text: string): string | { message: string } {
  const rooms = text.split(",");
  if (rooms.length > ROOMS_MAX) return { message: `rooms allows at most ${ROOMS_MAX} rooms` };
  const out: string[] = [];
  for (const [i, room] of rooms.entries()) {
    const parts = room.split("-");
    const where = rooms.length > 1 ? ` (room ${i + 1})` : "";
    if (!parts.every((p) => /^\d{1,2}$/.test(p)))
      return {
        message: `rooms must look like "2", "2-4-9" (adults, then children's ages) or "2,1" (two rooms)${where}`,
      };
    const [adults, ...ages] = parts.map(Number);
    if (adults! < 1 || adults! > ADULTS_MAX)
      return { message: `rooms: each room needs 1 to ${ADULTS_MAX} adults${where}` };
    if (ages.length > CHILDREN_MAX) return { message: `rooms: at most ${CHILDREN_MAX} children a room${where}` };
    if (ages.some((a) => a > 17)) return { message: `rooms: a child's age must be 0 to 17${where}` };
    out.push([adults, ...ages].join("-"));
  }
  return out.join(",");
}

export function roomsOf(normalised: string): Room[] {
  return normalised.split(",").map((room) => {
    const [adults, ...ages] = room.split("-").map(Number);
    return { adults: adults!, childAges: ages };
  });
}
