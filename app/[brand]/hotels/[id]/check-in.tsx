import type { Translation } from "@/lib/hotels";
import { format, formatTimeOfDay } from "@/lib/i18n";
import { Row, Section, richHtml, yesNo, type SectionProps } from "./section";

/** Check-in and check-out times, ages and instructions. */
export function CheckInSection({ record: r, language, m }: SectionProps) {
  const ci = r.check_in;
  const co = r.check_out;
  if (!ci && !co) return null;
  const rich = (t: Translation) => richHtml(t, language);
  // The words around each time are the language's: "from 2:00 PM until 11:00 PM", "ab 14:00 bis 23:00",
  // "14:00から 23:00まで".
  const at = (time: string) => formatTimeOfDay(time, language);
  const window = (from?: string, until?: string) =>
    [from && format(m.from, { time: at(from) }), until && format(m.until, { time: at(until) })]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <Section id="check-in" title={`${m.checkIn} / ${m.checkOut}`}>
      <dl className="facts">
        <Row term={m.checkIn}>{window(ci?.begin_time, ci?.end_time)}</Row>
        <Row term={m.allDay}>{yesNo(ci?.["24_hour"], m)}</Row>
        <Row term={m.minAge}>{ci?.min_age}</Row>
        <Row term={m.maxAge}>{ci?.max_age}</Row>
        <Row term={m.instructions}>{rich(ci?.instructions)}</Row>
        <Row term={m.specialInstructions}>{rich(ci?.special_instructions)}</Row>
        <Row term={m.checkOut}>{window(co?.begin_time, co?.end_time)}</Row>
        <Row term={m.checkOutPolicy}>{rich(co?.policy)}</Row>
      </dl>
    </Section>
  );
}
