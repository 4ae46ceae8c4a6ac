/**
 * Money in the engine's own words to customers (messages, ADR 092), in the style of the web app's
 * formatter (app/lib/money.ts, spec §5 and §9): integer minor units; the carrier's country decides
 * the style — two decimals, except Germany: no decimals and the symbol after the amount, in every
 * language. The web app cannot share this file (ADR 041 keeps client code out of the engine), so
 * money.test.ts holds the app's cases too.
 */
import type { CarrierCountry, Currency } from "./carrier";

export type MessageLocale = "en" | "de";

const ENGLISH_OF_COUNTRY: Record<CarrierCountry, string> = { GB: "en-GB", DE: "en-GB", AU: "en-AU", US: "en-US", CA: "en-CA" };

/** The Intl locale for numbers, dates and times shown to a customer of a carrier in that country. */
export function intlLocaleFor(countryCode: CarrierCountry, locale: MessageLocale): string {
  return locale === "de" ? "de-DE" : ENGLISH_OF_COUNTRY[countryCode];
}

export function formatMinorUnits(minor: number, currency: Currency, countryCode: CarrierCountry, locale: MessageLocale): string {
  if (!Number.isInteger(minor)) throw new TypeError(`money must be integer minor units, got ${minor}`);
  // Every currency the platform sells in has two minor digits.
  const digits = countryCode === "DE" ? 0 : 2;
  const formatter = new Intl.NumberFormat(countryCode === "DE" ? "de-DE" : intlLocaleFor(countryCode, locale), {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return formatter.format(minor / 100).replace(/\u00a0/g, " ");
}
