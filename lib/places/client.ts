export { ADULTS_MAX, CHILDREN_MAX, ROOMS_MAX, parseRooms, roomsOf, type Room } from "./rooms";
