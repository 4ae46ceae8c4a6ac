/**
 * Where the booking goes after each location step (spec §4 "Booking flow" 1–2), decided by the
 * carrier's switches only: a store first when one is required (unless ignored), then the repair
 * location when drop-off is offered, then the device step (device type for single-make carriers).
 */
import type { Carrier } from "~/content/schemas";
import { offersMailIn } from "~/lib/booking-flow/mail-in";

export type LocationSwitches = Pick<Carrier, "singleMakeOnly" | "storeRequired" | "allowsInStoreDropOff"> & Partial<Pick<Carrier, "offersMailIn" | "mailInAddress">>;

export interface LocationFacts {
  postcode: string | null;
  store_code: string | null;
  store_ignored: boolean;
  device_count: number;
  date: string | null;
  email: string | null;
  checkout_status: string;
  /** A repair by post needs no date (ADR 140). */
  is_mail_in_repair?: boolean;
}

/** The step that was just completed. */
export type LocationStage = "address" | "store" | "repair-location";

export const DEVICE_TYPE_PATH = "/booking/device/type";
export const DEVICE_MAKE_PATH = "/booking/device/make";

/** Single-make carriers select the one make and go to device type; the others choose a make. */
export function deviceStartPath(carrier: Pick<Carrier, "singleMakeOnly">): string {
  return carrier.singleMakeOnly ? DEVICE_TYPE_PATH : DEVICE_MAKE_PATH;
}

export function needsStore(carrier: Pick<Carrier, "storeRequired">, booking: Pick<LocationFacts, "store_code" | "store_ignored">): boolean {
  return carrier.storeRequired && !booking.store_code && !booking.store_ignored;
}

export function nextAfter(stage: LocationStage, carrier: LocationSwitches, booking: Pick<LocationFacts, "postcode" | "store_code" | "store_ignored">, startPath: string): string {
  if (!booking.postcode) return startPath;
  if (stage === "address" && needsStore(carrier, booking)) return "/booking/store-search";
  if (stage !== "repair-location" && carrier.allowsInStoreDropOff) return "/booking/repair-location";
  return deviceStartPath(carrier);
}

/** Where a resumed booking (start?ref=…) carries on: the first step it has not done yet. */
export function resumePath(carrier: LocationSwitches, booking: LocationFacts, startPath: string): string {
  if (booking.checkout_status === "SUCCESS") return "/booking/complete";
  if (!booking.postcode) return startPath;
  if (needsStore(carrier, booking)) return "/booking/store-search";
  if (booking.device_count === 0) return deviceStartPath(carrier);
  if (!booking.date && !(booking.is_mail_in_repair && offersMailIn({ offersMailIn: carrier.offersMailIn ?? false, mailInAddress: carrier.mailInAddress ?? null })))
    return "/booking/basket";
  if (!booking.email) return "/booking/details";
  return "/booking/checkout";
}
