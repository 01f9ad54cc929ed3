export { hotelPath } from "./hotel-id";
