/**
 * What a hotel id may be, beyond the schema's "a non-empty string": at most HOTEL_ID_MAX_LENGTH characters and no
 * control characters. A NUL cannot be stored in PostgreSQL text at all (the insert fails, and with it the run's
 * batch), and control characters or a megabyte-long id are no one's identifier. Records with such an id are rejected
 * before anything is written; lookups of such an id find nothing without asking the store.
 */
export const HOTEL_ID_MAX_LENGTH = 200;

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a value is not a usable hotel id, or undefined when it is one. */
export function hotelIdProblem(id: unknown): string | undefined {
  if (typeof id !== "string" || id.length === 0) return "must be a non-empty string";
  if (id.length > HOTEL_ID_MAX_LENGTH) return `must be at most ${HOTEL_ID_MAX_LENGTH} characters`;
  if (CONTROL.test(id)) return "must not contain control characters (U+0000 to U+001F, U+007F)";
  return undefined;
}

export const isHotelId = (id: unknown): id is string => hotelIdProblem(id) === undefined;
