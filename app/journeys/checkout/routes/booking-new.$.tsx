/**
 * `/booking-new/*` (spec §2: "A phone-number fix link points to the location step of checkout under
 * /booking-new/checkout/location"): paths of another build that old e-mails and partners still link
 * to. Each leads to the step that replaced it here (ADR 272), keeping the query; a temporary
 * redirect, like `/doorstep/payment` (ADR 130).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { bookingNewTarget } from "~/journeys/checkout/booking-new";

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(bookingNewTarget(request.url), 302);
}
