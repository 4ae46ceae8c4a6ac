import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bookingErrorResponse, loadBookingContext } from "~/lib/booking-flow/context.server";
import { resumePath } from "~/journeys/location/next-step";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: LOCATION_NAMESPACES };

/**
 * partnerRepairHome (spec §2, §4 "Checking a booking by reference redirects to partnerRepairHome
 * with the ref"): with `ref`, that booking becomes the visitor's and the flow carries on at its
 * first unfinished step; an unknown ref clears the booking (BK01 through the §8 table). Without
 * `ref`, the booking starts at the postcode (or address) search.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const url = new URL(request.url);
  const ref = url.searchParams.get("ref")?.trim();
  if (!ref) {
    url.searchParams.delete("ref");
    throw redirect(`${context.startPath}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
  }
  try {
    const booking = await context.engine.basket.getBooking(context.carrier, ref, { locale: context.locale });
    context.session.set("bookingRef", booking.reference);
    return redirect(resumePath(context.carrier, booking, context.startPath));
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
}

/** Shown only when the §8 table keeps a failed load on the page. */
export default function StartBooking() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold">{t("booking.errors.bookingProblem")}</h1>
      <p className="mt-6">
        <Link to="/booking" className="underline underline-offset-4">
          {t("booking-location.startAgain")}
        </Link>
      </p>
    </section>
  );
}
