/**
 * Postcodes of the five service countries (spec §5: spaces are removed before the check; §3: the
 * postcode request carries the postcode without spaces).
 *
 * `outward` is the part service areas are keyed on: the UK district ('SW1A'), the German PLZ, the
 * Australian postcode, the 5-digit US ZIP, the Canadian forward sortation area ('M5V').
 */
import { POSTCODE_PATTERNS, UK_OUTWARD } from "@repair/rules/postcodes";
import type { CountryCode } from "../ports/address-provider";

/** 'UK' is accepted as an alias of 'GB' because carriers and people both say UK. */
export type PostcodeCountry = CountryCode | "UK";

export type NormalisedPostcode = {
  ok: true;
  country: CountryCode;
  /** Upper case, no spaces (US: the 5-digit ZIP). */
  postcode: string;
  outward: string;
  /** The conventional written form: 'SW1A 1AA', 'M5V 3L9', '10115'. */
  display: string;
};

export type PostcodeResult = NormalisedPostcode | { ok: false };

// The patterns are packages/rules/postcodes.js, which the CMS's save rules use too (ADR 161).
const { GB: UK_POSTCODE, DE: DE_POSTCODE, AU: AU_POSTCODE, US: US_ZIP, CA: CA_POSTCODE } = POSTCODE_PATTERNS;

function canonicalCountry(country: PostcodeCountry | string): CountryCode | null {
  const upper = String(country).trim().toUpperCase();
  if (upper === "UK") return "GB";
  if (upper === "GB" || upper === "DE" || upper === "AU" || upper === "US" || upper === "CA") return upper;
  return null;
}

export function normalisePostcode(country: PostcodeCountry | string, raw: string | null | undefined): PostcodeResult {
  const code = canonicalCountry(country);
  if (!code || typeof raw !== "string") return { ok: false };
  const compact = raw.replace(/\s+/g, "").toUpperCase();
  if (!compact) return { ok: false };

  switch (code) {
    case "GB": {
      if (!UK_POSTCODE.test(compact)) return { ok: false };
      const outward = compact.slice(0, -3);
      const inward = compact.slice(-3);
      return { ok: true, country: code, postcode: compact, outward, display: `${outward} ${inward}` };
    }
    case "DE":
    case "AU": {
      const pattern = code === "DE" ? DE_POSTCODE : AU_POSTCODE;
      if (!pattern.test(compact)) return { ok: false };
      return { ok: true, country: code, postcode: compact, outward: compact, display: compact };
    }
    case "US": {
      const match = US_ZIP.exec(compact);
      if (!match) return { ok: false };
      const zip = match[1]!;
      return { ok: true, country: code, postcode: zip, outward: zip, display: zip };
    }
    case "CA": {
      if (!CA_POSTCODE.test(compact)) return { ok: false };
      const outward = compact.slice(0, 3);
      return { ok: true, country: code, postcode: compact, outward, display: `${outward} ${compact.slice(3)}` };
    }
  }
}

/** Guesses the country of an already normalised postcode string (used when only a string is at hand). */
function inferFromString(value: string): NormalisedPostcode | null {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  for (const country of ["GB", "CA", "US", "DE", "AU"] as const) {
    const result = normalisePostcode(country, compact);
    if (result.ok) return result;
  }
  return null;
}

/**
 * Whether a postcode lies in a service-area prefix.
 *
 * UK prefixes respect the outward-code boundary: 'E1' covers E1 6AN but not E14 5AB; a letters-only
 * prefix is a postcode area ('SW' covers SW1A and SW19 but not S1); a district plus one digit is a
 * sector ('SW1A1', or written 'E1 4'). Elsewhere a prefix is a plain leading match on the compact
 * postcode ('101' covers PLZ 10115; 'M5' covers FSA M5V).
 */
export function postcodeMatchesPrefix(normalised: (Pick<NormalisedPostcode, "postcode" | "outward"> & { country?: CountryCode }) | string, prefix: string): boolean {
  const subject = typeof normalised === "string" ? inferFromString(normalised) : normalised;
  if (!subject) return false;
  const written = prefix.trim().toUpperCase();
  const wanted = written.replace(/\s+/g, "");
  if (!wanted) return false;

  const country = subject.country ?? inferFromString(subject.postcode)?.country;
  if (country !== "GB") return subject.postcode.startsWith(wanted);

  const outward = subject.outward;
  const inward = subject.postcode.slice(outward.length);
  // A written sector 'E1 4' is unambiguous; compact 'E14' is read as the district E14.
  const [writtenOutward, writtenSector] = written.split(/\s+/);
  if (writtenSector !== undefined) return outward === writtenOutward && inward.startsWith(writtenSector);
  if (/^[A-Z]+$/.test(wanted)) return /^[A-Z]+/.exec(outward)?.[0] === wanted;
  if (UK_OUTWARD.test(wanted)) return outward === wanted;
  const sector = /^(.+)([0-9])$/.exec(wanted);
  return !!sector && sector[1] === outward && inward.startsWith(sector[2]!);
}
