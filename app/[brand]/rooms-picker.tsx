"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ADULTS_MAX, CHILDREN_MAX, ROOMS_MAX, type Room } from "@/lib/places/client";
import styles from "./stay.module.css";
import { fill, roomsSummary, type RoomsPickerLabels } from "./stay-summary";

export type { RoomsPickerLabels };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Rooms and guests (the `rooms` format, lib/places/rooms.ts) as a disclosure: a button that says the current choice
 * and opens a panel of native selects, one fieldset per room (adults, children, each child's age), with add and
 * remove room. Opening moves focus into the panel, Escape or "Done" closes it and returns focus to the button, adding
 * or removing a room moves focus to where the visitor continues.
 */
export function RoomsPicker(props: {
  rooms: Room[];
  onChange: (rooms: Room[]) => void;
  labels: RoomsPickerLabels;
  invalid?: boolean;
  describedBy?: string;
  toggleId?: string;
}) {
  const { rooms, onChange, labels: l } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);
  const panelId = `${id}-panel`;
  const adultsId = (i: number) => `${id}-r${i}-adults`;

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const setRoom = (i: number, room: Room) => onChange(rooms.map((r, j) => (j === i ? room : r)));

  return (
    <div
      ref={root}
      className={styles.picker}
      onBlur={(e) => {
        // Leaving the picker (Tab past its end, a click elsewhere) closes it.
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span id={`${id}-label`} className={styles.fieldName}>
        {l.guests}
      </span>
      <button
        ref={toggle}
        aria-labelledby={`${id}-label ${id}-summary`}
        id={props.toggleId}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        data-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onClick={() => {
          if (!open) focusNext.current = adultsId(0);
          setOpen(!open);
        }}
      >
        <span id={`${id}-summary`}>{roomsSummary(rooms, l)}</span>
      </button>
      <div
        id={panelId}
        role="group"
        aria-label={l.guests}
        className={styles.panel}
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            close();
          }
        }}
      >
        {rooms.map((room, i) => (
          <fieldset key={i} className={styles.room}>
            <legend>{fill(l.room, i + 1)}</legend>
            <label>
              <span>{l.adults}</span>
              <select
                id={adultsId(i)}
                value={room.adults}
                onChange={(e) => setRoom(i, { ...room, adults: Number(e.target.value) })}
              >
                {range(1, ADULTS_MAX).map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </label>
            <label>
              <span>{l.children}</span>
              <select
                value={room.childAges.length}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  const ages = room.childAges.slice(0, n);
                  while (ages.length < n) ages.push(0);
                  setRoom(i, { ...room, childAges: ages });
                }}
              >
                {range(0, CHILDREN_MAX).map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </label>
            {room.childAges.map((age, j) => (
              <label key={j}>
                <span>{fill(l.childAge, j + 1)}</span>
                <select
                  value={age}
                  onChange={(e) =>
                    setRoom(i, {
                      ...room,
                      childAges: room.childAges.map((a, k) => (k === j ? Number(e.target.value) : a)),
                    })
                  }
                >
                  {range(0, 17).map((n) => (
                    <option key={n}>{n}</option>
                  ))}
                </select>
              </label>
            ))}
            {rooms.length > 1 && (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  focusNext.current = adultsId(Math.max(0, i - 1));
                  onChange(rooms.filter((_, j) => j !== i));
                }}
              >
                {fill(l.removeRoom, i + 1)}
              </button>
            )}
          </fieldset>
        ))}
        <div className={styles.panelActions}>
          {rooms.length < ROOMS_MAX && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                focusNext.current = adultsId(rooms.length);
                onChange([...rooms, { adults: 2, childAges: [] }]);
              }}
            >
              {l.addRoom}
            </button>
          )}
          <button type="button" className={styles.done} onClick={close}>
            {l.done}
          </button>
        </div>
      </div>
    </div>
  );
}
