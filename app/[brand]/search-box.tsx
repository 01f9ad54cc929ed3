"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { roomsOf, type Room } from "@/lib/places/client";
import {
  placeSearchHref,
  SEARCH_PATH,
  parseStay,
  withStay,
  STAY_DEFAULT_ROOMS,
  type Stay,
  type StayProblem,
  STAY_MAX_NIGHTS,
} from "@/lib/search/client";
import { RoomsPicker, type RoomsPickerLabels } from "./rooms-picker";
import { format, type Message } from "@/lib/i18n/client";
import { hotelPath } from "@/lib/hotels/client";
import { RangeCalendar, nightsBetween, type CalendarLabels } from "./range-calendar";
import styles from "./stay.module.css";

interface Suggestions {
  places: {
    placeId: string;
    placeName: string;
    placeCountry: string;
    placeCategory: string;
    placeKind: string;
    placeParent: string;
    hotelsCnt: number;
    match: "prefix" | "spelling" | "iata";
    airportCode?: string;
    airportName?: string;
  }[];
  hotels: { id: string; name: string; city: string | null; country: string }[];
}

interface Option {
  key: string;
  href: string;
  title: string;
  detail: string;
  /** A place: choosing it fills the box and moves on to the dates; a hotel opens its page. */
  place?: { placeId: string; name: string };
}

/** The words of the dates-and-guests part, in the page's language (app/[brand]/stay-labels.ts). */
export interface StayLabels extends RoomsPickerLabels {
  checkIn: string;
  checkOut: string;
  problems: Record<StayProblem, string>;
  calendar: CalendarLabels;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

const serialize = (rooms: Room[]) => rooms.map((r) => [r.adults, ...r.childAges].join("-")).join(",");

/** Which field a problem is about (it gets aria-invalid and the focus). */
const FIELD: Record<StayProblem, "checkIn" | "checkOut" | "rooms"> = {
  invalidDate: "checkIn",
  missingDate: "checkIn",
  pastDate: "checkIn",
  checkOutBeforeCheckIn: "checkOut",
  tooLong: "checkOut",
  invalidRooms: "rooms",
};

/**
 * The destination box (ARIA combobox): suggestions from /api/suggest as the visitor types (places with hotels, each
 * with its kind and where it lies, then hotels by name); arrows move, Enter or a click chooses: a place fills the box
 * and moves on to the dates (the range calendar opens), a hotel opens its page. Escape closes the list and keeps the
 * text. Without a choice the form searches for the typed text (the search page takes the best-matching place).
 * Below it the stay: check-in and check-out (native date fields, which also serve without JavaScript, beside a range
 * calendar that counts the nights) and the rooms-and-guests picker, checked (lib/search/stay.ts) before the form
 * leaves; the server checks the same again, so a plain GET without JavaScript gets the same messages. With
 * `destination: false` (the hotel page) only the stay is shown, submitted to `action`.
 */
export function SearchBox(props: {
  language: string;
  labels: {
    label: string;
    placeholder: string;
    button: string;
    hotels: Message<{ count: number }>;
    /** "Hotels in {place}": an airport's code suggests the town nearest to it. */
    hotelsIn: Message<{ place: string }>;
  };
  stayLabels: StayLabels;
  /** The stay to show (from the URL: a partner link, a previous search). */
  stay: Stay;
  /** What was wrong with the stay in the URL. */
  problems: StayProblem[];
  /** The earliest check-in (lib/search/stay.ts earliestCheckIn). */
  minDate: string;
  action?: string;
  /** The destination shown (its text, and the place it stands for while the text is unchanged), or none at all. */
  destination?: false | { text: string; placeId?: string; keep?: Record<string, string> };
  compact?: boolean;
  /** What the dates and guests are for on this site (a booking hand-off, or only carried along), under the fields. */
  hint?: string;
}) {
  const router = useRouter();
  const id = useId();
  const destination = props.destination === false ? undefined : (props.destination ?? { text: "" });
  const [text, setText] = useState(destination?.text ?? "");
  /** The place the text stands for while it is unchanged: the page's own, or one chosen from the list. */
  const [chosen, setChosen] = useState<{ text: string; placeId: string; keep?: Record<string, string> } | undefined>(
    destination?.placeId ? { text: destination.text, placeId: destination.placeId, keep: destination.keep } : undefined,
  );
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [checkIn, setCheckIn] = useState(props.stay.checkIn ?? "");
  const [checkOut, setCheckOut] = useState(props.stay.checkOut ?? "");
  const [rooms, setRooms] = useState<Room[]>(() => roomsOf(props.stay.rooms ?? STAY_DEFAULT_ROOMS));
  const [problems, setProblems] = useState<StayProblem[]>(props.problems);
  const form = useRef<HTMLFormElement>(null);
  const q = useDebounced(text.trim(), 150);
  const { data } = useQuery({
    queryKey: ["suggest", q, props.language],
    queryFn: async ({ signal }): Promise<Suggestions> => {
      const res = await fetch(`/api/suggest?${new URLSearchParams({ q, lang: props.language })}`, { signal });
      if (!res.ok) throw new Error(`suggestions: ${res.status}`);
      return res.json();
    },
    enabled: !!destination && q.length >= 2,
  });
  const count = (n: number) => format(props.labels.hotels, { count: n });
  const options: Option[] =
    q.length >= 2 && data
      ? [
          ...data.places.map((p) => {
            // An airport's code that led to a town: the airport is what was asked for, the town where the hotels are.
            const viaAirport = p.match === "iata" && p.placeCategory !== "airport";
            const code = p.airportCode ? ` (${p.airportCode})` : "";
            return {
              key: `p:${p.airportCode ?? ""}:${p.placeId}`,
              href: placeSearchHref(p.placeId),
              title: viaAirport ? `${p.airportName}${code}` : `${p.placeName}${p.match === "iata" ? code : ""}`,
              detail: [
                viaAirport ? format(props.labels.hotelsIn, { place: p.placeName }) : undefined,
                p.placeKind,
                p.placeParent,
                count(p.hotelsCnt),
              ]
                .filter(Boolean)
                .join(" · "),
              place: { placeId: p.placeId, name: p.placeName },
            };
          }),
          ...data.hotels.map((h) => ({
            key: `h:${h.id}`,
            href: hotelPath(h.id),
            title: h.name,
            detail: [h.city, h.country].filter(Boolean).join(", "),
          })),
        ]
      : [];
  const expanded = open && options.length > 0;
  const listId = `${id}-list`;
  const problemsId = `${id}-problems`;
  const fieldId = { checkIn: `${id}-in`, checkOut: `${id}-out`, rooms: `${id}-rooms` };
  const invalid = (field: "checkIn" | "checkOut" | "rooms") => problems.some((p) => FIELD[p] === field);
  const roomsValue = serialize(rooms);
  const keepPlace = chosen && text === chosen.text ? chosen : undefined;
  const calendarId = `${id}-calendar`;
  const calendarToggle = useRef<HTMLButtonElement>(null);
  const nights = nightsBetween(checkIn, checkOut);
  const nightsText = nights && nights <= STAY_MAX_NIGHTS ? format(props.stayLabels.calendar.nights, { n: nights }) : "";

  /** The stay as chosen now, or undefined after showing what is wrong (focus on the first field concerned). */
  function checkedStay(): Stay | undefined {
    const parsed = parseStay({ checkIn, checkOut, rooms: roomsValue });
    setProblems(parsed.problems);
    const first = parsed.problems[0];
    if (!first) return parsed.stay;
    document.getElementById(fieldId[FIELD[first]])?.focus();
    return undefined;
  }

  function go(href: string) {
    const stay = checkedStay();
    if (stay) router.push(withStay(href, stay));
  }

  /** A place fills the box and the dates come next; a hotel opens its page. */
  function choose(option: Option) {
    setOpen(false);
    setActive(-1);
    if (!option.place) return go(option.href);
    setText(option.place.name);
    setChosen({ text: option.place.name, placeId: option.place.placeId });
    setCalendarOpen(true);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" && options.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % options.length);
    } else if (e.key === "ArrowUp" && options.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === "Escape") {
      // Closes the list only: the text stays (a search field's own Escape would clear it).
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const hintId = `${id}-hint`;
  const describe = (field: "checkIn" | "checkOut" | "rooms") =>
    [invalid(field) ? problemsId : undefined, props.hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <form
      ref={form}
      className={`search-box ${styles.box}${props.compact ? ` ${styles.compact}` : ""}`}
      method="get"
      action={props.action ?? SEARCH_PATH}
      role="search"
      noValidate
      onSubmit={(e) => {
        if (!checkedStay()) e.preventDefault();
      }}
    >
      {destination && (
        <>
          <label htmlFor={`${id}-q`}>{props.labels.label}</label>
          <div className="combo">
            <input
              id={`${id}-q`}
              name="q"
              type="text"
              enterKeyHint="search"
              autoComplete="off"
              placeholder={props.labels.placeholder}
              role="combobox"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={expanded && active >= 0 ? `${id}-o${active}` : undefined}
              value={text}
              maxLength={100}
              onChange={(e) => {
                setText(e.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setTimeout(() => setOpen(false), 150)}
              onFocus={() => setOpen(true)}
            />
            <ul id={listId} role="listbox" className="suggestions" hidden={!expanded}>
              {options.map((o, i) => (
                <li
                  key={o.key}
                  id={`${id}-o${i}`}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(o);
                  }}
                >
                  <strong>{o.title}</strong>
                  <span>{o.detail}</span>
                </li>
              ))}
            </ul>
          </div>
          {keepPlace && (
            <>
              <input type="hidden" name="placeId" value={keepPlace.placeId} />
              {Object.entries(keepPlace.keep ?? {}).map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
            </>
          )}
        </>
      )}
      <div
        className={styles.dates}
        onBlur={(e) => {
          // Leaving the dates (Tab past the calendar's end, a click elsewhere) closes the calendar.
          if (calendarOpen && !e.currentTarget.contains(e.relatedTarget as Node | null)) setCalendarOpen(false);
        }}
      >
        {(["checkIn", "checkOut"] as const).map((field) => (
          <div key={field} className={styles.date}>
            <label htmlFor={fieldId[field]} className={styles.fieldName}>
              {props.stayLabels[field]}
            </label>
            <input
              id={fieldId[field]}
              type="date"
              name={field}
              min={field === "checkOut" ? checkIn || props.minDate : props.minDate}
              value={field === "checkIn" ? checkIn : checkOut}
              aria-invalid={invalid(field) || undefined}
              aria-describedby={describe(field)}
              onChange={(e) => (field === "checkIn" ? setCheckIn : setCheckOut)(e.target.value)}
            />
          </div>
        ))}
        <button
          ref={calendarToggle}
          type="button"
          className={styles.calendarToggle}
          // The visible nights end the name (WCAG 2.5.3), "Choose dates on a calendar: 3 nights".
          aria-label={
            nightsText ? `${props.stayLabels.calendar.calendar}: ${nightsText}` : props.stayLabels.calendar.calendar
          }
          title={props.stayLabels.calendar.calendar}
          aria-expanded={calendarOpen}
          aria-controls={calendarId}
          onClick={() => setCalendarOpen(!calendarOpen)}
        >
          {/* Drawn by CSS: the hotel page lets no SVG into its article (hostile records). */}
          <span aria-hidden="true" className={styles.calendarIcon} />
          <span className={styles.nights} data-testid="stay-nights">
            {nightsText}
          </span>
        </button>
        {calendarOpen && (
          <RangeCalendar
            id={calendarId}
            language={props.language}
            checkIn={checkIn}
            checkOut={checkOut}
            minDate={props.minDate}
            maxNights={STAY_MAX_NIGHTS}
            labels={props.stayLabels.calendar}
            onChange={(from, to) => {
              setCheckIn(from);
              setCheckOut(to);
              setProblems([]);
            }}
            onClose={() => {
              setCalendarOpen(false);
              calendarToggle.current?.focus();
            }}
          />
        )}
      </div>
      <RoomsPicker
        rooms={rooms}
        onChange={setRooms}
        labels={props.stayLabels}
        toggleId={fieldId.rooms}
        invalid={invalid("rooms")}
        describedBy={describe("rooms")}
      />
      <input type="hidden" name="rooms" value={roomsValue} />
      <button type="submit">{props.labels.button}</button>
      {props.hint && (
        <p id={hintId} className={styles.hint} data-testid="stay-hint">
          {props.hint}
        </p>
      )}
      <div id={problemsId} className={styles.problems} role="alert" data-testid="stay-problems">
        {problems.map((p) => (
          <p key={p}>{props.stayLabels.problems[p]}</p>
        ))}
      </div>
    </form>
  );
}
