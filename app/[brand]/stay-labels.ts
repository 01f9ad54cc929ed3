import { brands, type Brand } from "@/lib/brands";
import { format, type Messages } from "@/lib/i18n";
import type { Language } from "@/lib/locale";
import { type SearchQuery, earliestCheckIn, STAY_MAX_NIGHTS } from "@/lib/search";
import type { SearchBox, StayLabels } from "./search-box";

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
    calendar: {
      calendar: m.stayCalendar,
      previousMonth: m.stayPreviousMonth,
      nextMonth: m.stayNextMonth,
      nights: m.stayNightsMany,
      chooseCheckIn: m.stayChooseCheckIn,
      chooseCheckOut: m.stayChooseCheckOut,
      clear: m.stayClearDates,
      done: m.stayDone,
      checkIn: m.stayCheckIn,
      checkOut: m.stayCheckOut,
    },
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

/** What every page's search box is given: its words in the page's language, and the stay the URL asked for. */
export function searchBoxProps(
  m: Messages,
  language: Language,
  query: Pick<SearchQuery, "stayAsked" | "stayProblems">,
  button: string = m.searchButton,
): Omit<Parameters<typeof SearchBox>[0], "action" | "destination" | "compact"> {
  return {
    language,
    labels: {
      label: m.searchLabel,
      placeholder: m.searchPlaceholder,
      button,
      hotels: m.hotels,
      hotelsIn: m.hotelsIn,
    },
    stayLabels: stayLabels(m),
    stay: query.stayAsked,
    problems: query.stayProblems,
    minDate: earliestCheckIn(),
  };
}

/** What the dates and guests are for on this brand's site: its booking hand-off's rates, or only carried along. */
export function stayHint(brand: Brand, m: Messages): string {
  const handoff = brands().handoff(brand);
  return handoff ? format(m.stayHintHandoff, { site: handoff.siteName }) : m.stayHintNoHandoff;
}
