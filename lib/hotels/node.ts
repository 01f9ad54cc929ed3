/**
 * The part of lib/hotels the sync's recount (lib/places) reads hotels with: the published hotels as columns. Apart
 * from the index because the index's queries and image rules reach lib/content, whose sync calls the recount.
 */
export { catalogTable, HotelTable, HotelTableBuilder, type CatalogHotel } from "./table";
