import { format, type Messages } from "@/lib/i18n/messages";
import { STAY_MAX_NIGHTS } from "@/lib/search/stay";
import type { StayLabels } from "./search-box";

/** The search box's dates-and-guests words in the page's language. */
export function stayLabels(m: Messages): StayLabels {
  return {
    checkIn: m.stayCheckIn,
    checkOut: m.stayCheckOut,
    guests: m.stayGuests,
    room: m.stayRoom,
    adults: m.stayAdults,
    children: m.stayChildren,
    childAge: m.stayChildAge,
    addRoom: m.stayAddRoom,
    removeRoom: m.stayRemoveRoom,
    done: m.stayDone,
    roomsOne: m.stayRoomsOne,
    roomsMany: m.stayRoomsMany,
    adultsOne: m.stayAdultsOne,
    adultsMany: m.stayAdultsMany,
    childrenOne: m.stayChildrenOne,
    childrenMany: m.stayChildrenMany,
    problems: {
      invalidDate: m.stayInvalidDate,
      missingDate: m.stayMissingDate,
      checkOutBeforeCheckIn: m.stayCheckOutBeforeCheckIn,
      pastDate: m.stayPastDate,
      tooLong: format(m.stayTooLong, { max: STAY_MAX_NIGHTS }),
      invalidRooms: m.stayInvalidRooms,
    },
  };
}
