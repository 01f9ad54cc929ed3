/**
 * Browser-safe part of lib/places for 'use client' components: rooms and guests.
 */
export { ADULTS_MAX, CHILDREN_MAX, ROOMS_MAX, parseRooms, roomsOf, type Room } from "./rooms";
