/**
 * The one place money is formatted. Amounts are integer minor units; the country decides the
 * style (spec §5, §9: 2 decimals, 0 for Germany with the symbol after the amount).
 */
export type Currency = "GBP" | "EUR" | "AUD" | "USD" | "CAD";
export type CountryCode = "GB" | "DE" | "AU" | "US" | "CA";

const MINOR_DIGITS: Record<Currency, number> = { GBP: 2, EUR: 2, AUD: 2, USD: 2, CAD: 2 };

const INTL_LOCALE: Record<CountryCode, { en: string; de: string }> = {
  GB: { en: "en-GB", de: "de-DE" },
  DE: { en: "en-GB", de: "de-DE" },
  AU: { en: "en-AU", de: "de-DE" },
  US: { en: "en-US", de: "de-DE" },
  CA: { en: "en-CA", de: "de-DE" },
};

/**
 * The Intl locale of a carrier's page in a language: the carrier's country's English ('en-US') or
 * German. Money and times of day (ADR 246) follow it; calendar dates still use the page language.
 */
export function intlLocaleOf(countryCode: CountryCode, language: "en" | "de"): string {
  return INTL_LOCALE[countryCode][language];
}

export interface MoneyStyle {
  countryCode: CountryCode;
  locale: "en" | "de";
}

export function formatMoney(minor: number, currency: Currency, style: MoneyStyle): string {
  if (!Number.isInteger(minor)) throw new TypeError(`money must be integer minor units, got ${minor}`);
  const germanStyle = style.countryCode === "DE";
  const fractionDigits = germanStyle ? 0 : MINOR_DIGITS[currency];
  const intlLocale = germanStyle ? "de-DE" : intlLocaleOf(style.countryCode, style.locale);
  const major = minor / 10 ** MINOR_DIGITS[currency];
  const key = `${intlLocale}|${currency}|${fractionDigits}`;
  let formatter = moneyFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale, { style: "currency", currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    moneyFormats.set(key, formatter);
  }
  return formatter.format(major).replace(/\u00a0/g, " ");
}

/** One formatter per language, currency and digits: making one costs far more than using it, and a basket formats many amounts. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
