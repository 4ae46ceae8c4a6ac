/**
 * Address search and entry (spec §3 "Address selection result", "Full address", "Booking address
 * payload"; §4 "Address selection"; §5 change-address rules for the manual form).
 */
import { z } from "zod";
import { behaviourFor, firstMessageText } from "~/lib/errors/error-table";

export { geocodeText, payloadFromFullAddress, townOf, type AddressPayload, type FullAddressLike, type GeoPointLike } from "~/lib/full-address";

const required = (key: string, max: number) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().min(1, key).max(max, key));

/** Manual address entry: line 1, town and postcode are required, line 2 is optional. */
export const manualAddressSchema = z.object({
  line_1: required("booking-location.address.line1Missing", 120),
  line_2: z
    .string()
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(120, "booking-location.address.line2TooLong")),
  town: required("booking-location.address.townMissing", 80),
  postcode: required("landing.postcodeMissing", 16),
});

export type ManualAddress = z.output<typeof manualAddressSchema>;
export type ManualAddressValues = Record<keyof ManualAddress, string>;

export type ManualAddressForm = { ok: true; address: ManualAddress } | { ok: false; fieldErrors: Partial<Record<keyof ManualAddress, string>>; values: ManualAddressValues };

/** The manual address form's typed fields (ADR 231: a control character in one is that field's error). */
export const MANUAL_ADDRESS_FIELDS = ["line_1", "line_2", "town", "postcode"] as const;

/** What the manual address form holds, as typed (refused characters already removed by `readForm`). */
export function manualValues(form: FormData, fixedPostcode?: string | null): ManualAddressValues {
  const value = (name: string) => String(form.get(name) ?? "");
  return { line_1: value("line_1"), line_2: value("line_2"), town: value("town"), postcode: fixedPostcode ?? value("postcode") };
}

export function parseManualAddress(form: FormData, fixedPostcode?: string | null): ManualAddressForm {
  const raw = manualValues(form, fixedPostcode);
  const parsed = manualAddressSchema.safeParse(raw);
  if (parsed.success) return { ok: true, address: parsed.data };
  const fieldErrors: Partial<Record<keyof ManualAddress, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ManualAddress;
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, values: raw };
}

/** A suggestion as the page shows it (spec §3: id, text, description, retrievable). */
export interface AddressOption {
  id: string;
  text: string;
  description: string;
  retrievable: boolean;
}

/** Lower case without spaces, to compare postcodes however they are written. */
export function compactPostcode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/**
 * The container of a postcode search that is that postcode (the list of addresses at a postcode,
 * for the repair-location page); any container when none matches exactly.
 */
export function postcodeContainer(options: AddressOption[], postcode: string): AddressOption | null {
  const containers = options.filter((option) => !option.retrievable);
  return containers.find((option) => compactPostcode(option.text) === compactPostcode(postcode)) ?? containers[0] ?? null;
}

/**
 * Spec §8 "Address save failure": the first server message, in the page's language where the web has
 * its text (a postcode or address no area covers, ADR 126); the §8 table's text for the code elsewhere.
 */
export function addressErrorText(error: { code: string; messages: string[]; fieldCodes?: Record<string, readonly string[]> }, locale: string): { key?: string; message?: string } {
  const text = firstMessageText(behaviourFor(error.code, "booking.address"), error, locale, "booking-location.address.saveFailed");
  return text.key ? { key: text.key } : { message: text.text };
}
