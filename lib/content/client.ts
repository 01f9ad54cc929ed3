/**
 * Browser-safe part of lib/content for 'use client' components: hotel paths. Also the door of code that must not load
 * the sync with the rest of lib/content (the hotel table, which the sync's own recount builds).
 */
export { hotelPath, isHotelId } from "./hotel-id";
