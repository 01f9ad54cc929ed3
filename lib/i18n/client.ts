/**
 * Browser-safe part of lib/i18n for 'use client' components: formatting a message (no catalogs).
 */
export { format, type Message } from "./format";
