/**
 * Server helpers the location steps share: saving an address, the addresses at a postcode,
 * choosing a drop-off store. Each calls the engine through the frame's context and maps errors
 * through the frame's §8 table, except those the page shows itself (the address error modal).
 */
import { data, redirect } from "@remix-run/node";
import { bookingErrorResponse, ensureBooking, openBooking, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { BookingState, StoreView } from "~/booking.server";
import { handleError } from "~/lib/errors/errors.server";
import { addressErrorText, geocodeText, postcodeContainer, type AddressOption, type AddressPayload, type FullAddressLike, payloadFromFullAddress } from "./address";
import { nextAfter, type LocationStage } from "./next-step";
import { parsePostcodeForm } from "./postcode-form";

/** The location steps after the postcode need one; without it the visitor starts again. */
export function requirePostcode(context: BookingRequestContext): BookingState {
  const booking = context.booking;
  if (!booking?.postcode || booking.checkout_status === "SUCCESS") throw redirect(context.startPath);
  return booking;
}

export interface AddressErrorBody {
  addressError: { key?: string; message?: string };
}

/** The geocoded point of an address; null when the provider has none (the engine then checks the postcode). */
export async function geocode(context: BookingRequestContext, text: string) {
  try {
    return await context.engine.coverage.geocodeAddress(context.carrier, text);
  } catch {
    return null;
  }
}

/** A retrievable suggestion's full address with its point; null when it cannot be retrieved. */
export async function retrieveForBooking(context: BookingRequestContext, id: string): Promise<AddressPayload | null> {
  let full: FullAddressLike | null;
  try {
    full = await context.engine.coverage.retrieveAddress(context.carrier, id);
  } catch (error) {
    handleError(error, "booking.address-search");
    return null;
  }
  if (!full) return null;
  const payload = payloadFromFullAddress(full, null);
  const point = await geocode(context, geocodeText(payload));
  return { ...payload, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
}

/**
 * Saves the booking address (spec §7 POST /{ref}/address, with latitude and longitude) and goes on.
 * A refused address (BK04, validation) comes back for the address error modal; other errors follow §8.
 */
export async function saveAddress(context: BookingRequestContext, address: AddressPayload, options: { business: boolean; stage: LocationStage }) {
  try {
    const input = { ...address, ...(options.business ? { is_business_account: true } : {}) };
    // A visitor without a booking gets one only for an address an area covers (ADR 191).
    if (!openBooking(context)) await context.engine.coverage.checkAddress(context.carrier, input);
    const booking = await ensureBooking(context);
    const saved = await context.engine.basket.setAddress(context.carrier, booking.reference, input);
    return redirect(nextAfter(options.stage, context.carrier, saved, context.startPath));
  } catch (error) {
    const handled = handleError(error, "booking.address");
    if (handled.behaviour.show === "modal") {
      const body: AddressErrorBody = { addressError: addressErrorText(handled.error, context.locale) };
      return data(body, { status: 400 });
    }
    return bookingErrorResponse(context, error, "booking.address");
  }
}

/** The retrievable addresses at a postcode (the list on the repair-location page), at most `limit`. */
export async function addressesAtPostcode(context: BookingRequestContext, postcode: string, limit = 30): Promise<AddressOption[]> {
  try {
    const found = await context.engine.coverage.findAddresses(context.carrier, { text: postcode });
    const container = postcodeContainer(found, postcode);
    const inside = container ? await context.engine.coverage.findAddresses(context.carrier, { text: postcode, container: container.id }) : [];
    const seen = new Set<string>();
    return [...inside, ...found].filter((option) => option.retrievable && !seen.has(option.id) && seen.add(option.id)).slice(0, limit);
  } catch {
    // The list is a convenience: without it the visitor types the address.
    return [];
  }
}

/** Spec §7 POST /{ref}/drop-off, then on to the device step. */
export async function chooseDropOff(context: BookingRequestContext, storeId: number) {
  try {
    const booking = requirePostcode(context);
    const saved = await context.engine.basket.setDropOff(context.carrier, booking.reference, { drop_off_company_store_id: storeId });
    return redirect(nextAfter("repair-location", context.carrier, saved, context.startPath));
  } catch (error) {
    const { behaviour } = handleError(error, "booking.drop-off");
    if (behaviour.show === "field") return data({ dropOffError: behaviour.key }, { status: 400 });
    return bookingErrorResponse(context, error, "booking.drop-off");
  }
}

/** The carrier's stores near a typed postcode (store search and drop-off): a bad postcode or a failed lookup is the field's message. */
export async function storesNear(
  context: BookingRequestContext,
  postcode: string,
  options: { dropOffOnly?: boolean } = {},
): Promise<{ stores: StoreView[]; postcodeErrorKey: string | null }> {
  const form = parsePostcodeForm(postcode);
  if (!form.ok) return { stores: [], postcodeErrorKey: form.errorKey };
  try {
    const stores = await context.engine.coverage.locateStores(context.carrier, form.postcode, options.dropOffOnly ? { dropOffOnly: true } : undefined);
    return { stores, postcodeErrorKey: null };
  } catch (error) {
    return { stores: [], postcodeErrorKey: handleError(error, "booking.stores").behaviour.key ?? null };
  }
}
