import { XMLParser } from "fast-xml-parser";
import { z } from "zod";

/**
 * The ECB's euro foreign exchange reference rates (eurofxref-daily.xml, and its 90-day and historic variants): a
 * gesmes:Envelope whose Cube holds one Cube per day (time="YYYY-MM-DD"), each with one Cube per currency
 * (currency="USD" rate="1.1572": units of the currency for one euro). The latest day is the one used.
 */
export interface ExchangeRates {
  /** The reference day of the rates (YYYY-MM-DD). */
  date: string;
  /** Units of each currency for one euro; EUR itself is 1. */
  perEuro: ReadonlyMap<string, number>;
}

/** A rates file larger than this is not an ECB daily file (the daily one is about 1.5 KB, the historic one ~6 MB). */
export const RATES_FILE_MAX_BYTES = 8 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  // Attribute values as written: the rate is checked below, the day must stay text.
  parseAttributeValue: false,
  isArray: (name) => name === "Cube",
  processEntities: false,
});

const rateCube = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, "currency must be a three-letter code"),
  rate: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "rate must be a decimal number")
    .transform(Number)
    .refine((n) => n > 0 && Number.isFinite(n), "rate must be positive"),
});
const dayCube = z.object({
  time: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "time must be a day written YYYY-MM-DD"),
  Cube: z.array(rateCube).min(1, "a day needs at least one rate"),
});
const envelope = z.object({
  Envelope: z.object({ Cube: z.array(z.object({ Cube: z.array(dayCube).min(1, "no day of rates") })).length(1) }),
});

/** The latest day's rates of an ECB reference rates file; throws an Error saying what is wrong. */
export function parseEcbRates(xml: string): ExchangeRates {
  let json: unknown;
  try {
    json = parser.parse(xml, true);
  } catch (e) {
    throw new Error(`not XML (${(e as Error).message.split("\n")[0]})`);
  }
  const result = envelope.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`not the ECB reference rates format: ${issue.path.join(".")}: ${issue.message}`);
  }
  const days = result.data.Envelope.Cube[0]!.Cube;
  const latest = days.reduce((a, b) => (b.time > a.time ? b : a));
  if (Number.isNaN(Date.parse(`${latest.time}T00:00:00Z`))) throw new Error(`${latest.time} is not a date`);
  const perEuro = new Map<string, number>([["EUR", 1]]);
  for (const { currency, rate } of latest.Cube) perEuro.set(currency, rate);
  return { date: latest.time, perEuro };
}

/** An amount in another currency through the euro (the ECB's rates are all per euro); undefined for a currency not listed. */
export function convertAmount(rates: ExchangeRates, amount: number, from: string, to: string): number | undefined {
  const a = rates.perEuro.get(from);
  const b = rates.perEuro.get(to);
  return a === undefined || b === undefined ? undefined : (amount / a) * b;
}
