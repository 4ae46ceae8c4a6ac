/**
 * Shared loading for the steps after the basket (repair date, details, checkout, payment): the
 * visitor's booking or the way back to where it can be made.
 */
import { redirect } from "@remix-run/node";
import { bookingErrorResponse, loadBookingContext, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { BookingState } from "~/booking.server";

export interface CheckoutStepContext {
  context: BookingRequestContext;
  booking: BookingState;
}

/**
 * No booking: the start. A completed booking: its complete page (the progress rules of the layout
 * do not apply once complete, so a step opened later would otherwise show a finished booking).
 */
export async function loadCheckoutStep(request: Request): Promise<CheckoutStepContext> {
  const context = await loadBookingContext(request);
  const { booking } = context;
  // A booking gone meanwhile (BK01) is §8's booking problem: its toast, then the start; none at all is just the start.
  if (!booking) throw context.lostBooking ? await bookingErrorResponse(context, context.lostBooking) : redirect(context.startPath);
  if (booking.checkout_status === "SUCCESS") throw redirect("/booking/complete");
  return { context, booking };
}

/** An engine error in a loader: the §8 table's redirect, or the error page when it has none. */
export async function throwLoaderError(context: BookingRequestContext, error: unknown): Promise<never> {
  const response = await bookingErrorResponse(context, error);
  if (response instanceof Response) throw response;
  throw error;
}

/** The drop-off store's name for the overview (the booking holds only its id). */
export async function dropOffStoreName(context: BookingRequestContext, booking: BookingState): Promise<string | null> {
  if (!booking.drop_off_company_store_id || !booking.postcode) return null;
  const stores = await context.engine.coverage.locateStores(context.carrier, booking.postcode, { dropOffOnly: true }).catch(() => []);
  return stores.find((store) => store.id === booking.drop_off_company_store_id)?.name ?? null;
}
