import { format, type Message, type Messages } from "@/lib/i18n";
import type { Language } from "@/lib/locale";
import { roomsOf } from "@/lib/places";
import { STAY_DEFAULT_ROOMS, nightsBetween, type Stay } from "@/lib/search";

/** "Jun 13 – 16, 2026 · 3 nights · 1 room · 2 adults": the stay in the visitor's language (dates as calendar days). */
export function staySummary(stay: Stay, language: Language, m: Messages): string {
  const rooms = roomsOf(stay.rooms ?? STAY_DEFAULT_ROOMS);
  const adults = rooms.reduce((n, r) => n + r.adults, 0);
  const children = rooms.reduce((n, r) => n + r.childAges.length, 0);
  // The plural messages have each language's forms; `one` is their text for exactly one (lib/i18n).
  const n = (one: string, many: Message<{ n: number }>, count: number) =>
    count === 1 ? one : format(many, { n: count });
  let dates: string | undefined;
  if (stay.checkIn && stay.checkOut) {
    const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
    const nights = nightsBetween(stay.checkIn, stay.checkOut);
    dates = `${day.formatRange(new Date(`${stay.checkIn}T00:00:00Z`), new Date(`${stay.checkOut}T00:00:00Z`))} · ${n(m.stayNightsOne, m.stayNightsMany, nights)}`;
  }
  return [
    dates,
    n(m.stayRoomsOne, m.stayRoomsMany, rooms.length),
    n(m.stayAdultsOne, m.stayAdultsMany, adults),
    children ? n(m.stayChildrenOne, m.stayChildrenMany, children) : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The hotel's next step: with the brand's booking hand-off, the stay as it will be sent and "See rates at …" (a
 * signed link through /rates, lib/tracking/handoff.ts); without one, what the dates and the currency are for here.
 */
export function HandoffPanel(props: {
  href: string | undefined;
  siteName: string | undefined;
  stay: Stay;
  currency: string;
  language: Language;
  m: Messages;
  /** Whether fees in other currencies get an approximate conversion on this page. */
  converts: boolean;
}) {
  const { m, stay, currency, language } = props;
  const currencyHint = format(props.converts ? m.currencyHintConverted : m.currencyHintLinks, { currency });
  if (!props.href || !props.siteName)
    return (
      <div className="handoff" data-testid="handoff">
        <p className="handoff-hint">
          {m.stayHintNoHandoff} {currencyHint}
        </p>
      </div>
    );
  const site = props.siteName;
  return (
    <div className="handoff" data-testid="handoff">
      <div className="handoff-stay">
        <p className="handoff-summary" data-testid="handoff-summary">
          {staySummary(stay, language, m)} · {currency}
        </p>
        <p className="handoff-hint">
          {stay.checkIn ? format(m.handoffNote, { site, currency }) : format(m.handoffNoDates, { site })}
        </p>
      </div>
      <a className="handoff-cta" href={props.href} rel="nofollow" data-testid="handoff-cta">
        {format(m.handoffCta, { site })}
      </a>
    </div>
  );
}
