import { toCurrency } from "@/lib/locale";

/**
 * Amounts written in supplier text with their ISO 4217 code, before or after the number ("EUR 3.21", "16 GBP",
 * "USD 1,250"): the fees' free text states them so (spec §2.1 fees are translations). A separator followed by
 * exactly three digits groups thousands, otherwise it is the decimal mark.
 */
const AMOUNT =
  /(?<![A-Za-z])([A-Z]{3})\s?(\d[\d.,]*\d|\d)(?![\d])|(?<![\d.,])(\d[\d.,]*\d|\d)\s?([A-Z]{3})(?![A-Za-z])/g;

export function readAmount(text: string): number | undefined {
  const groups = text.split(/[.,]/);
  const last = groups.at(-1)!;
  const decimal = groups.length > 1 && last.length !== 3;
  const whole = decimal ? groups.slice(0, -1).join("") : groups.join("");
  const n = Number(decimal ? `${whole}.${last}` : whole);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Text with `addition(amount, code)` inserted after each amount with a real currency code it answers for (undefined:
 * nothing added). Works on escaped text: codes, digits and separators are never escaped.
 */
export function afterAmounts(text: string, addition: (amount: number, code: string) => string | undefined): string {
  return text.replace(AMOUNT, (match, codeBefore: string, numBefore: string, numAfter: string, codeAfter: string) => {
    const code = toCurrency(codeBefore ?? codeAfter ?? "");
    // toCurrency upper-cases: only a code written in capitals is one here ("and 3 the" is not).
    if (!code || code !== (codeBefore ?? codeAfter)) return match;
    const amount = readAmount(numBefore ?? numAfter);
    const added = amount === undefined ? undefined : addition(amount, code);
    return added ? `${match}${added}` : match;
  });
}
