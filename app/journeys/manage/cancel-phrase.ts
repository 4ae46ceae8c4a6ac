/**
 * The cancel confirmation phrase (spec §4 "Cancel booking", §5). The phrase is the one of the page's
 * language; case and surrounding spaces are ignored (ADR 030), every other difference is refused.
 */
import type { Locale } from "~/content/schemas";

export const CANCEL_PHRASES: Record<Locale, string> = { en: "CANCEL-REPAIR", de: "REPARATUR-ABBRECHEN" };

export function cancelPhrase(locale: Locale): string {
  return CANCEL_PHRASES[locale];
}

export function cancelPhraseMatches(typed: unknown, locale: Locale): boolean {
  if (typeof typed !== "string") return false;
  const phrase = cancelPhrase(locale);
  return typed.trim().toLocaleUpperCase(locale === "de" ? "de-DE" : "en-GB") === phrase;
}
