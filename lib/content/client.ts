/**
 * Browser-safe part of lib/content for 'use client' components: hotel paths.
 */
export { hotelPath } from "./hotel-id";
