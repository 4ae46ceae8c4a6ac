/**
 * Postcodes of the five service countries (spec §5): the patterns the engine normalises with
 * (booking/domain/postcode.ts) and the rules a service area's prefixes follow, which the engine
 * checks on import (booking/catalogue/seed-schema.ts) and the CMS on save (cms/src/operations/ops-rules.ts).
 * Patterns apply to the compact form: upper case, no spaces.
 */

/*
 * UK: the Royal Mail / gov.uk pattern. Outward: A9, A99, AA9, AA99, A9A, AA9A with the letter
 * restrictions per position; inward: 9AA without C I K M O V. GIR 0AA is the one special case.
 */
export const UK_OUTWARD = /^(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])$/;

export const POSTCODE_PATTERNS = {
  GB: /^(GIR0AA|(?:[A-PR-UWYZ][0-9]{1,2}|[A-PR-UWYZ][A-HK-Y][0-9]{1,2}|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2})$/,
  // German PLZ run from 01001 to 99998; a leading 00 is never issued.
  DE: /^(?!00)[0-9]{5}$/,
  AU: /^[0-9]{4}$/,
  // The first group is the 5-digit ZIP, the part the engine keeps.
  US: /^([0-9]{5})(?:-?[0-9]{4})?$/,
  // Canada Post: no D F I O Q U anywhere, and no W or Z as the first letter.
  CA: /^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z][0-9][ABCEGHJ-NPRSTV-Z][0-9]$/,
};

/** Whether `postcode` (spaces and case ignored) is a postcode of `country` (GB, DE, AU, US, CA). */
export function validPostcode(country, postcode) {
  const pattern = Object.hasOwn(POSTCODE_PATTERNS, country) ? POSTCODE_PATTERNS[country] : undefined;
  return !!pattern?.test(postcode.replace(/\s+/g, "").toUpperCase());
}

/**
 * A service-area prefix that makes sense for the country: a UK area ('SW') or district ('SW1A'),
 * elsewhere the start of a postcode ('101', 'M5V'). Upper case, no spaces.
 */
export function validPrefix(country, prefix) {
  switch (country) {
    case "GB":
      return /^[A-Z]{1,2}$/.test(prefix) || UK_OUTWARD.test(prefix);
    case "DE":
      return /^[0-9]{1,5}$/.test(prefix) && !prefix.startsWith("00");
    case "AU":
      return /^[0-9]{1,4}$/.test(prefix);
    case "US":
      return /^[0-9]{1,5}$/.test(prefix);
    case "CA":
      return /^[ABCEGHJ-NPRSTVXY](?:[0-9](?:[ABCEGHJ-NPRSTV-Z])?)?$/.test(prefix);
    default:
      return false;
  }
}
