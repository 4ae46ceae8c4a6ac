/**
 * Address search and entry (spec §3 "Address selection result", "Full address", "Booking address
 * payload"; §4 "Address selection"; §5 change-address rules for the manual form).
 */
import { z } from "zod";
import { behaviourFor, firstMessageText } from "~/lib/errors/error-table";

export interface FullAddressLike {
  line_1: string;
  line_2: string;
  district: string;
  city: string;
  postal_code: string;
}

export interface GeoPointLike {
  latitude: number;
  longitude: number;
}

export interface AddressPayload {
  line_1: string;
  line_2: string;
  town: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
}

/** Spec §3: town falls back to district, then city, then the literal 'Not Set'. */
export function townOf(address: Pick<FullAddressLike, "district" | "city">): string {
  return address.district?.trim() || address.city?.trim() || "Not Set";
}

/** The text geocoded for a retrieved address: its lines, town and postcode. */
export function geocodeText(address: Pick<AddressPayload, "line_1" | "line_2" | "town" | "postcode">): string {
  return [address.line_1, address.line_2, address.town === "Not Set" ? "" : address.town, address.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

export function payloadFromFullAddress(address: FullAddressLike, point: GeoPointLike | null): AddressPayload {
  return {
    line_1: address.line_1.trim() || address.line_2.trim(),
    line_2: address.line_1.trim() ? address.line_2.trim() : "",
    town: townOf(address),
    postcode: address.postal_code.trim(),
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
  };
}

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

export type ManualAddressForm =
  | { ok: true; address: ManualAddress }
  | { ok: false; fieldErrors: Partial<Record<keyof ManualAddress, string>>; values: ManualAddressValues };

export function parseManualAddress(form: FormData, fixedPostcode?: string | null): ManualAddressForm {
  const raw = {
    line_1: String(form.get("line_1") ?? ""),
    line_2: String(form.get("line_2") ?? ""),
    town: String(form.get("town") ?? ""),
    postcode: fixedPostcode ?? String(form.get("postcode") ?? ""),
  };
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
