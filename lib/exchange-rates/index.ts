import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { processShared } from "@/lib/runtime";
import { convertAmount, parseEcbRates, RATES_FILE_MAX_BYTES, type ExchangeRates } from "./ecb";

export { convertAmount, parseEcbRates, type ExchangeRates } from "./ecb";

/**
 * Approximate conversions of the fees a hotel states in its own currency into the visitor's (the hotel page's
 * "≈ 42 € (approx.)"), from the ECB reference rates file an operator keeps at EXCHANGE_RATES_FILE (a daily download
 * of eurofxref-daily.xml). Content carries no prices: these are only a reader's aid next to the supplier's amount.
 *
 * - No file configured: no conversions, nothing said.
 * - The file is read at start (lib/server: a file that is missing or not the ECB format stops the start, naming the
 *   problem), then again when its modification time changes, looked at once a minute at most. A new file that does
 *   not read keeps the rates in force (logged).
 * - Rates older than EXCHANGE_RATES_MAX_AGE_DAYS (the ECB publishes on working days only: 7 days covers weekends
 *   and the TARGET holidays) are stale: no conversion is shown (logged once per rates day) until a newer file comes.
 * - A currency the file does not list (the ECB publishes about 30) gets no conversion.
 */
export const SAMPLE_RATES_FILE = path.join("lib", "exchange-rates", "sample", "eurofxref-daily.xml");

const CHECK_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

const state = processShared("exchange-rates", () => ({
  file: undefined as string | undefined,
  rates: undefined as ExchangeRates | undefined,
  mtimeMs: -1,
  checkedAt: -Infinity,
  staleLogged: undefined as string | undefined,
}));

/** Reads and parses a rates file; throws an Error naming the file and the problem. */
export function readRatesFile(file: string): ExchangeRates {
  let text: string;
  try {
    const size = fs.statSync(file).size;
    if (size > RATES_FILE_MAX_BYTES) throw new Error(`larger than ${RATES_FILE_MAX_BYTES} bytes`);
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`EXCHANGE_RATES_FILE ${file}: cannot be read (${(e as Error).message})`);
  }
  try {
    return parseEcbRates(text);
  } catch (e) {
    throw new Error(`EXCHANGE_RATES_FILE ${file}: ${(e as Error).message}`);
  }
}

function load(file: string, nowMs: number, strict: boolean): void {
  state.checkedAt = nowMs;
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch (e) {
    if (strict) throw new Error(`EXCHANGE_RATES_FILE ${file}: cannot be read (${(e as Error).message})`);
    if (state.mtimeMs !== -2)
      log.error({ file, err: (e as Error).message }, "exchange rates: the file is gone; keeping the rates in force");
    state.mtimeMs = -2;
    return;
  }
  if (state.file === file && mtimeMs === state.mtimeMs) return;
  try {
    const rates = readRatesFile(file);
    state.file = file;
    state.rates = rates;
    state.mtimeMs = mtimeMs;
    log.info({ file, date: rates.date, currencies: rates.perEuro.size }, "exchange rates read");
  } catch (e) {
    if (strict) throw e;
    state.mtimeMs = mtimeMs;
    log.error({ err: (e as Error).message }, "exchange rates: the new file does not read; keeping the rates in force");
  }
}

/** At the server's start: reads the configured file, so a wrong one stops the start with its problem named. */
export function prepareExchangeRates(file: string | undefined = config().EXCHANGE_RATES_FILE): void {
  if (!file) return;
  load(file, Date.now(), true);
  const { rates } = state;
  if (rates && isStale(rates, new Date()))
    log.warn({ date: rates.date }, "exchange rates: the file's rates are stale; no conversions are shown");
}

/** Whether rates are stale: their day is more than `maxAgeDays` whole days before today (UTC). */
export function isStale(rates: ExchangeRates, now: Date, maxAgeDays = config().EXCHANGE_RATES_MAX_AGE_DAYS): boolean {
  return now.getTime() - Date.parse(`${rates.date}T00:00:00Z`) > (maxAgeDays + 1) * DAY_MS;
}

/** The rates in force and whether they are stale, or undefined when none are configured or none could be read. */
export function exchangeRates(now: Date = new Date()): { rates: ExchangeRates; stale: boolean } | undefined {
  const file = config().EXCHANGE_RATES_FILE;
  if (!file) return undefined;
  if (now.getTime() - state.checkedAt >= CHECK_EVERY_MS || state.file !== file) load(file, now.getTime(), false);
  const { rates } = state;
  if (!rates) return undefined;
  const stale = isStale(rates, now);
  if (stale && state.staleLogged !== rates.date) {
    state.staleLogged = rates.date;
    log.warn({ date: rates.date }, "exchange rates: stale, no conversions are shown until a newer file comes");
  }
  return { rates, stale };
}

/** A converter for one page: the visitor's currency, the rates in force (undefined when none or stale). */
export interface Converter {
  /** The reference day of the rates used (YYYY-MM-DD). */
  date: string;
  to: string;
  /** The amount in the visitor's currency, or undefined (same currency, or one the rates do not list). */
  convert(amount: number, from: string): number | undefined;
}

export function converterTo(currency: string, now: Date = new Date()): Converter | undefined {
  const found = exchangeRates(now);
  if (!found || found.stale) return undefined;
  const { rates } = found;
  return {
    date: rates.date,
    to: currency,
    convert: (amount, from) => (from === currency ? undefined : convertAmount(rates, amount, from, currency)),
  };
}
