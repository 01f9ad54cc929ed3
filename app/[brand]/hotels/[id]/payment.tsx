import type { Translation } from "@/lib/hotels/html";
import { codeLabel } from "@/lib/i18n/codes";
import { Row, Section, decimals, richHtml, yesNo, type SectionProps } from "./section";

/** Currency, cards, fees, deposit and what the property takes on site. */
export function PaymentSection({ record: r, language, m }: SectionProps) {
  const pay = r.payment_information;
  if (!pay) return null;
  const rich = (t: Translation) => richHtml(t, language);
  const number = decimals(language);
  // A currency code the runtime does not know is shown beside the number.
  const money = (amount: number, code: string | undefined) => {
    try {
      return code
        ? new Intl.NumberFormat(language, { style: "currency", currency: code }).format(amount)
        : number.format(amount);
    } catch {
      return `${number.format(amount)} ${code}`;
    }
  };
  return (
    <Section id="payment" title={m.payment}>
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
        <Row term={m.mandatoryFees}>{rich(pay.fees?.mandatory)}</Row>
        <Row term={m.optionalFees}>{rich(pay.fees?.optional)}</Row>
        <Row term={m.deposit}>
          {pay.fees?.deposit?.amount !== undefined && (
            <>
              <strong>{money(pay.fees.deposit.amount, pay.fees.deposit.currency)}</strong>
              {rich(pay.fees.deposit.description)}
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
    </Section>
  );
}
