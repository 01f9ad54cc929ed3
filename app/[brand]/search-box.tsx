"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";

interface Suggestions {
  places: { placeId: string; placeName: string; placeCountry: string; placeCategory: string; hotelsCnt: number }[];
  hotels: { id: string; name: string; city: string | null; country: string }[];
}

interface Option {
  key: string;
  href: string;
  title: string;
  detail: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * The destination box (ARIA combobox): suggestions from /api/suggest as the visitor types (places with hotels, then
 * hotels by name); arrows move, Enter opens the highlighted one, Escape closes. Without a choice the form searches
 * for the typed text (the search page takes the best-matching place).
 */
export function SearchBox(props: {
  language: string;
  labels: { label: string; placeholder: string; button: string; hotel: string; hotels: string };
}) {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), 150);
  const { data } = useQuery({
    queryKey: ["suggest", q, props.language],
    queryFn: async ({ signal }): Promise<Suggestions> => {
      const res = await fetch(`/api/suggest?${new URLSearchParams({ q, lang: props.language })}`, { signal });
      if (!res.ok) throw new Error(`suggestions: ${res.status}`);
      return res.json();
    },
    enabled: q.length >= 2,
  });
  const options: Option[] =
    q.length >= 2 && data
      ? [
          ...data.places.map((p) => ({
            key: `p:${p.placeId}`,
            href: `/search?placeId=${encodeURIComponent(p.placeId)}`,
            title: p.placeName,
            detail: `${p.placeCountry} · ${p.hotelsCnt} ${p.hotelsCnt === 1 ? props.labels.hotel : props.labels.hotels}`,
          })),
          ...data.hotels.map((h) => ({
            key: `h:${h.id}`,
            href: `/hotels/${encodeURIComponent(h.id)}`,
            title: h.name,
            detail: [h.city, h.country].filter(Boolean).join(", "),
          })),
        ]
      : [];
  const expanded = open && options.length > 0;
  const listId = `${id}-list`;

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
      router.push(options[active]!.href);
    } else if (e.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <form className="search-box" method="get" action="/search" role="search">
      <label htmlFor={`${id}-q`}>{props.labels.label}</label>
      <div className="combo">
        <input
          id={`${id}-q`}
          name="q"
          type="search"
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
                router.push(o.href);
              }}
            >
              <strong>{o.title}</strong>
              <span>{o.detail}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit">{props.labels.button}</button>
    </form>
  );
}
