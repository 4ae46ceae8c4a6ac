/**
 * In-store mode (spec §2, §6; ADR 101): a booking page is in in-store mode when the request carries
 * the staff session of a store colleague of this carrier who may book in store, on a carrier that
 * allows in-store bookings. It is decided here on the server from the signed staff cookie only; no
 * query parameter or form field of the booking flow can switch it on.
 */
import type { Carrier } from "~/content/schemas";
import { mayUse, STORE_BOOKING, type StaffAccount } from "./permissions";
import { currentStaff } from "./require-staff.server";
import { STAFF_COOKIE } from "./staff-session.server";

/**
 * The colleague booking in store on this request, or null (customers, other staff, other carriers).
 * Booking pages keep the colleague's log-in alive like staff pages: the response scope writes the
 * renewed staff cookie when due.
 */
export async function inStoreColleague(request: Request, carrier: Pick<Carrier, "allowsInStoreBookings">): Promise<StaffAccount | null> {
  if (!carrier.allowsInStoreBookings) return null;
  // Customers send no staff cookie: their pages cost no CMS read.
  if (!(request.headers.get("Cookie") ?? "").includes(`${STAFF_COOKIE}=`)) return null;
  const staff = await currentStaff(request);
  if (!staff || !mayUse(staff.account, STORE_BOOKING)) return null;
  return staff.account;
}
