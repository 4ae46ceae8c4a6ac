/** Postcodes of the five service countries (spec §5); see postcodes.js. */
export type PostcodeCountryCode = "GB" | "DE" | "AU" | "US" | "CA";
/** A UK outward code (district), e.g. 'SW1A', 'E1'. */
export declare const UK_OUTWARD: RegExp;
/** Each country's postcode in compact form (upper case, no spaces); US: group 1 is the 5-digit ZIP. */
export declare const POSTCODE_PATTERNS: Readonly<Record<PostcodeCountryCode, RegExp>>;
/** Whether `postcode` (spaces and case ignored) is a postcode of `country`. */
export declare function validPostcode(country: string, postcode: string): boolean;
/** A service-area prefix that makes sense for the country. */
export declare function validPrefix(country: string, prefix: string): boolean;
