/**
 * Messages in the supported languages and their formatting. 'use client' components import ./client.ts.
 */
export { codeLabel } from "./codes";
export { format, formatParts, formatTimeOfDay, type Message } from "./format";
export { CATALOGS, MESSAGE_KEYS, categoryLabels, hotelCount, messages, type Messages } from "./messages";
export { currencyLabel, languageLabel, spokenLanguageName } from "./names";
