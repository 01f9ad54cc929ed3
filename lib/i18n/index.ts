export { codeLabel } from "./codes";
export { format, formatParts, formatTimeOfDay, type Message } from "./format";
export { CATALOGS, MESSAGE_KEYS, categoryLabels, hotelCount, messages, type Messages } from "./messages";
export { currencyLabel, languageLabel, spokenLanguageName } from "./names";
