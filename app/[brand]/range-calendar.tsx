"use client";

import { useEffect, useId, useRef, useState } from "react";
import { format, type Message } from "@/lib/i18n/client";
import styles from "./stay.module.css";

export interface CalendarLabels {
  calendar: string;
  previousMonth: string;
  nextMonth: string;
  /** "{n, plural, one {# night} other {# nights}}" */
  nights: Message<{ n: number }>;
  chooseCheckIn: string;
  chooseCheckOut: string;
  clear: string;
  done: string;
  checkIn: string;
  checkOut: string;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD date, NaN for anything else. */
export function dayOf(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : NaN;
}

const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Nights between two YYYY-MM-DD dates, when both are real and the second is later. */
export function nightsBetween(checkIn: string, checkOut: string): number | undefined {
  const n = dayOf(checkOut) - dayOf(checkIn);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The first day of the week in the language (Intl.Locale week info where the runtime has it), else Monday. */
function firstWeekday(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    return first === undefined ? 1 : first % 7; // 7 is Sunday there, 0 in Date
  } catch {
    return 1;
  }
}

/**
 * A range calendar (the WAI-ARIA date picker dialog pattern, for a check-in and a check-out): one month as a grid,
 * arrows move a day or a week, Home/End to the week's ends, Page Up/Down a month (with Shift a year), Enter or Space
 * picks. The first pick is the check-in, the next later day the check-out (at most maxNights after it); the number
 * of nights is said as soon as both are chosen (a polite live region). Escape or "Done" closes it (the parent moves
 * focus back). Days before minDate cannot be picked.
 */
export function RangeCalendar(props: {
  id: string;
  language: string;
  checkIn: string;
  checkOut: string;
  minDate: string;
  maxNights: number;
  labels: CalendarLabels;
  onChange: (checkIn: string, checkOut: string) => void;
  onClose: () => void;
}) {
  const { language, labels: l } = props;
  const titleId = useId();
  const min = dayOf(props.minDate);
  const start = dayOf(props.checkIn);
  const end = dayOf(props.checkOut);
  const [focus, setFocus] = useState(() => (Number.isFinite(start) && start >= min ? start : min));
  const grid = useRef<HTMLTableElement>(null);

  // The focused day takes the keyboard focus whenever it moves (and when the calendar opens).
  useEffect(() => {
    grid.current?.querySelector<HTMLElement>(`[data-day="${focus}"]`)?.focus();
  }, [focus]);

  const picking = Number.isFinite(start) && !Number.isFinite(end) ? "checkOut" : "checkIn";
  const disabled = (day: number) => day < min || (picking === "checkOut" && day > start + props.maxNights);

  function pick(day: number) {
    if (disabled(day)) return;
    if (picking === "checkOut" && day > start) props.onChange(props.checkIn, isoOf(day));
    else props.onChange(isoOf(day), "");
  }

  const focusDate = new Date(focus * DAY_MS);
  const year = focusDate.getUTCFullYear();
  const month = focusDate.getUTCMonth();
  const firstOfMonth = Date.UTC(year, month, 1) / DAY_MS;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const weekStart = firstWeekday(language);
  const lead = (new Date(firstOfMonth * DAY_MS).getUTCDay() - weekStart + 7) % 7;
  const weeks: (number | undefined)[][] = [];
  for (let i = -lead; i < daysInMonth; i += 7) {
    weeks.push(
      Array.from({ length: 7 }, (_, j) => (i + j >= 0 && i + j < daysInMonth ? firstOfMonth + i + j : undefined)),
    );
  }

  const monthTitle = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    focusDate,
  );
  const dayName = new Intl.DateTimeFormat(language, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const weekday = (d: number, style: "long" | "narrow") =>
    new Intl.DateTimeFormat(language, { weekday: style, timeZone: "UTC" }).format(
      // 1970-01-04 was a Sunday (weekday 0).
      new Date((3 + ((weekStart + d) % 7)) * DAY_MS),
    );

  /** The same day n months on (the last day of a shorter month). */
  const addMonths = (day: number, n: number) => {
    const d = new Date(day * DAY_MS);
    const target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / DAY_MS;
    const t = new Date(target * DAY_MS);
    const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
    return target + Math.min(d.getUTCDate(), last) - 1;
  };
  const move = (day: number) => setFocus(Math.max(min, day));

  function onKeyDown(e: React.KeyboardEvent) {
    const weekPos = (new Date(focus * DAY_MS).getUTCDay() - weekStart + 7) % 7;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => focus - 1,
      ArrowRight: () => focus + 1,
      ArrowUp: () => focus - 7,
      ArrowDown: () => focus + 7,
      Home: () => focus - weekPos,
      End: () => focus + 6 - weekPos,
      PageUp: () => addMonths(focus, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focus, e.shiftKey ? 12 : 1),
    };
    const to = moves[e.key];
    if (to) {
      e.preventDefault();
      move(to());
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      pick(focus);
    }
  }

  const nights = nightsBetween(props.checkIn, props.checkOut);
  const role = (day: number) => (day === start ? l.checkIn : day === end ? l.checkOut : undefined);

  return (
    <div
      id={props.id}
      role="dialog"
      aria-modal="false"
      aria-label={l.calendar}
      className={styles.calendar}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <div className={styles.calendarHead}>
        <button
          type="button"
          className={styles.monthButton}
          aria-label={l.previousMonth}
          disabled={firstOfMonth <= min}
          onClick={() => move(addMonths(focus, -1))}
        >
          ‹
        </button>
        <h2 id={titleId} aria-live="polite" className={styles.monthTitle}>
          {monthTitle}
        </h2>
        <button
          type="button"
          className={styles.monthButton}
          aria-label={l.nextMonth}
          onClick={() => move(addMonths(focus, 1))}
        >
          ›
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby={titleId} className={styles.grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, d) => (
              <th key={d} scope="col" abbr={weekday(d, "long")}>
                {weekday(d, "narrow")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) =>
                day === undefined ? (
                  <td key={d} />
                ) : (
                  <td
                    key={d}
                    data-day={day}
                    tabIndex={day === focus ? 0 : -1}
                    aria-selected={day === start || day === end || (day > start && day < end)}
                    aria-disabled={disabled(day) || undefined}
                    aria-label={[dayName.format(new Date(day * DAY_MS)), role(day)].filter(Boolean).join(", ")}
                    data-edge={day === start || day === end || undefined}
                    data-between={(day > start && day < end) || undefined}
                    onClick={() => {
                      setFocus(day);
                      pick(day);
                    }}
                  >
                    {new Date(day * DAY_MS).getUTCDate()}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.calendarFoot}>
        <p aria-live="polite" data-testid="calendar-status" className={styles.calendarStatus}>
          {nights ? format(l.nights, { n: nights }) : picking === "checkOut" ? l.chooseCheckOut : l.chooseCheckIn}
        </p>
        <div className={styles.panelActions}>
          <button type="button" className={styles.linkButton} onClick={() => props.onChange("", "")}>
            {l.clear}
          </button>
          <button type="button" className={styles.done} onClick={props.onClose}>
            {l.done}
          </button>
        </div>
      </div>
    </div>
  );
}
