import type { Converter } from "@/lib/exchange-rates";
import { afterAmounts, fallbackLanguage, localizedHtml, type Translation } from "@/lib/hotels";
import { codeLabel, format } from "@/lib/i18n";
import { RichText } from "../../../_components/rich-text";
import { Row, Section, decimals, yesNo, type SectionProps } from "./section";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Currency, cards, fees, deposit and what the property takes on site. Every amount shows in its own currency; with
 * exchange rates in force (lib/exchange-rates) an amount in another currency than the visitor's is followed by
 * "≈ 42 € (approx.)", in the fees' text as well, and a note names the rates' day.
 */
export function PaymentSection({ record: r, language, m, converter }: SectionProps & { converter?: Converter }) {
  const pay = r.payment_information;
  if (!pay) return null;
  const number = decimals(language);
  // A currency code the runtime does not know is shown beside the number.
  const money = (amount: number, code: string | undefined, whole = false) => {
    try {
      return code
        ? new Intl.NumberFormat(language, {
            style: "currency",
            currency: code,
            ...(whole ? { maximumFractionDigits: 0 } : {}),
          }).format(amount)
        : number.format(amount);
    } catch {
      return `${number.format(amount)} ${code}`;
    }
  };
  /** "≈ 42 € (approx.)" for an amount in another currency, or undefined. */
  const approx = (amount: number, code: string): string | undefined => {
    const value = converter?.convert(amount, code);
    return value === undefined
      ? undefined
      : format(m.approxAmount, { amount: money(value, converter!.to, value >= 100) });
  };
  const mandatory = withConversions(pay.fees?.mandatory, language, approx);
  const optional = withConversions(pay.fees?.optional, language, approx);
  const deposit = pay.fees?.deposit;
  const depositText = withConversions(deposit?.description, language, approx);
  const depositApprox =
    deposit?.amount !== undefined && deposit.currency ? approx(deposit.amount, deposit.currency) : undefined;
  const converted = mandatory.converted || optional.converted || depositText.converted || depositApprox !== undefined;
  // English text standing in for the visitor's language is marked so (lib/hotels/html.ts fallbackLanguage).
  const lang = (t: Translation) => fallbackLanguage(t, language);
  const rows = (
    <dl className="facts">
      <Row term={m.paymentCurrency}>{pay.currency}</Row>
      <Row term={m.acceptedCards}>
        {pay.accepted_credit_cards
          ?.map((c) => (c.card_type ? `${c.card_name} (${codeLabel(m.cardType, c.card_type)})` : c.card_name))
          .join(", ")}
      </Row>
      <Row term={m.creditCardRequired}>{yesNo(pay.creditcard_required, m)}</Row>
      <Row term={m.registrationRecommended}>{yesNo(pay.payment_registration_recommended, m)}</Row>
      <Row term={m.domesticWithoutCard}>{yesNo(pay.book_domestic_without_cc_details, m)}</Row>
      <Row term={m.mandatoryFees}>
        {mandatory.html && <RichText html={mandatory.html} lang={lang(pay.fees?.mandatory)} />}
      </Row>
      <Row term={m.optionalFees}>
        {optional.html && <RichText html={optional.html} lang={lang(pay.fees?.optional)} />}
      </Row>
      <Row term={m.deposit}>
        {deposit?.amount !== undefined && (
          <>
            <strong>{money(deposit.amount, deposit.currency)}</strong>
            {depositApprox && <small data-testid="deposit-approx"> {depositApprox}</small>}
            {depositText.html && <RichText html={depositText.html} lang={lang(deposit.description)} />}
          </>
        )}
      </Row>
      <Row term={m.onsitePayments}>
        {pay.onsite_payments?.types &&
          [pay.onsite_payments.types.map((t) => codeLabel(m.paymentType, t)).join(", "), pay.onsite_payments.currency]
            .filter(Boolean)
            .join(" · ")}
      </Row>
    </dl>
  );
  return (
    <Section id="payment" title={m.payment}>
      {rows}
      {converted && converter && (
        <p className="muted rates-note" data-testid="rates-note">
          {format(m.ratesNote, {
            date: new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
              new Date(`${converter.date}T00:00:00Z`),
            ),
          })}
        </p>
      )}
    </Section>
  );
}

/** Sanitised HTML of a fee text with each amount's conversion after it, and whether any was added. */
function withConversions(
  t: Translation,
  language: SectionProps["language"],
  approx: (amount: number, code: string) => string | undefined,
): { html: string | undefined; converted: boolean } {
  const added: string[] = [];
  const html = localizedHtml(t, language, (text) =>
    afterAmounts(text, (amount, code) => {
      const a = approx(amount, code);
      if (a) added.push(a);
      // The page's words inside a supplier's text, which may be English standing in: in the page's language.
      return a && ` <small lang="${language}">${escapeHtml(a)}</small>`;
    }),
  );
  return { html, converted: added.length > 0 };
}
