import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { STAFF_FORBIDDEN } from "~/components/error-content";
import { handleError } from "~/lib/errors/errors.server";
import { ensureBooking, IN_STORE_CHANNEL, loadBookingContext } from "~/lib/booking-flow/context.server";
import { titleMeta } from "~/i18n/meta";
import { readForm } from "~/lib/http/form.server";
import { STORE_BOOKING } from "~/lib/staff/permissions";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { STAFF_HEADERS, staffDocumentHeaders } from "~/lib/staff/staff-session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.home.newBookingTitle");

/** Starting a booking is a post from the staff area; a visit goes back there. */
export function loader() {
  return redirect("/store");
}

/**
 * "New booking for a customer" (issue 11 item 4, ADR 101): a fresh booking on this device, made in
 * store for the colleague's (first) store, then the booking flow in in-store mode. Refused (403)
 * where the carrier takes no in-store bookings or the role may not book in store.
 */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, STORE_BOOKING);
  await readForm(request);
  if (!staff.carrier.allowsInStoreBookings) throw data({ reason: STAFF_FORBIDDEN }, { status: 403, headers: staff.headers });
  const context = await loadBookingContext(request);
  // The previous customer's booking stays as it is (e.g. handed over); this device starts afresh.
  context.booking = null;
  const booking = await ensureBooking(context, { channel: IN_STORE_CHANNEL });
  const storeCode = staff.account.storeCodes[0];
  if (storeCode) {
    try {
      await context.engine.basket.setStore(context.carrier, booking.reference, { store_code: storeCode, carrier: context.carrier.code });
    } catch (error) {
      // A store the engine does not (yet) know: the colleague chooses one at store search.
      if (handleError(error, "booking.store").behaviour.show !== "field") throw error;
    }
  }
  return redirect(context.startPath, { headers: STAFF_HEADERS });
}
