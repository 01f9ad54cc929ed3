/**
 * Browser-safe part of lib/hotels for 'use client' components: hotel paths.
 */
export { hotelPath } from "./hotel-id";
