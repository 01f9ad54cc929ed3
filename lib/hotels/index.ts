/**
 * Published hotels: queries over the store, their text and HTML per language, images and amounts.
 */
export { afterAmounts } from "./amounts";
export { diffRecords } from "./diff";
export { fallbackLanguage, localizedHtml, localizedParagraphs, localizedText, oneLine, type Translation } from "./html";
export { HOTEL_ID_MAX_LENGTH, hotelIdFromPath, hotelIdProblem, hotelPath, isHotelId } from "./hotel-id";
export { imageSrc } from "./image-src";
export { httpImagesAllowed, imageUrlProblem } from "./image-url";
export { SAMPLE_IMAGE_BASE } from "./sample-images";
export { sampleImageRendition, shownImages } from "./images";
export { textOnly, textOnlyDeep } from "./plain-text";
export { catalogTable, HotelTable, HotelTableBuilder, type CatalogHotel } from "./table";
export {
  countHotels,
  getHotel,
  getHotels,
  hotelEvents,
  hotelHistory,
  recentRuns,
  rejectedRecords,
  removedHotels,
} from "./queries";
export type { HotelExportRecord } from "./record-types";
