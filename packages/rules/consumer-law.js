/**
 * Consumer-law facts by country (ADR 272), as data: which countries' law asks a booking site to point
 * the customer at the right of withdrawal before the contract is made. The EU's Consumer Rights
 * Directive (2011/83/EU, art. 6(1)(h)) applies in every EU member state and, through the EEA
 * agreement, in Iceland, Liechtenstein and Norway; spec §9 names it for DE ("adds an extra policy
 * phrase"). ISO 3166-1 alpha-2 codes.
 */
export const WITHDRAWAL_NOTICE_COUNTRIES = Object.freeze([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
]);

/** What operations chose for a carrier's withdrawal sentence: follow the country (default), or always on or off. */
export const POLICY_PHRASE_SETTINGS = Object.freeze(["country", "on", "off"]);

/** Whether checkout and payment show the withdrawal sentence for this carrier's setting and country. */
export function showsPolicyPhrase(setting, countryCode) {
  if (setting === "on") return true;
  if (setting === "off") return false;
  return WITHDRAWAL_NOTICE_COUNTRIES.includes(String(countryCode ?? "").toUpperCase());
}
