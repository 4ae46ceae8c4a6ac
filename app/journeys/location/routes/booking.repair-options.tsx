import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bookingErrorResponse, loadBookingContext } from "~/lib/booking-flow/context.server";
import { requirePostcode } from "~/journeys/location/location.server";
import { deviceStartPath } from "~/journeys/location/next-step";
import { SubmitButton } from "~/components/ui/submit-button";
import { readForm } from "~/lib/http/form.server";
import { isMailInBooking, offersMailIn } from "~/lib/booking-flow/mail-in";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { ButtonLink } from "~/components/ui/button";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.repairOptions.title");

/**
 * The ways this carrier repairs a device: at the door (always), drop-off at a store (when offered),
 * and the carrier's other support options (repair-type).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = requirePostcode(context);
  return {
    allowsDropOff: context.carrier.allowsInStoreDropOff,
    allowsMailIn: offersMailIn(context.carrier),
    location: isMailInBooking(context.carrier, booking) ? ("mail_in" as const) : booking.repair_location,
    postcode: booking.postcode,
  };
}

/**
 * 'We come to you': a doorstep repair, so any drop-off store or repair by post is cleared; or 'send
 * it by post' (intent mail-in, ADR 140) where the carrier offers it. Then on to the device.
 */
export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const booking = requirePostcode(context);
  const intent = (await readForm(request)).get("intent");
  try {
    if (intent === "mail-in") {
      await context.engine.basket.setMailIn(context.carrier, booking.reference);
    } else {
      if (booking.drop_off_company_store_id) await context.engine.basket.clearDropOff(context.carrier, booking.reference);
      if (booking.is_mail_in_repair) await context.engine.basket.clearMailIn(context.carrier, booking.reference);
    }
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
  return redirect(intent === "mail-in" && booking.device_count > 0 ? "/booking/details" : deviceStartPath(context.carrier));
}

export default function RepairOptions() {
  const { allowsDropOff, allowsMailIn, location, postcode } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="repair-options-title" className="mx-auto max-w-2xl">
      <h1 id="repair-options-title" className="text-3xl font-bold">
        {t("booking-location.repairOptions.title")}
      </h1>
      <p className="mt-2">{t("booking-location.repairOptions.intro", { postcode })}</p>
      <ul className="mt-6 space-y-4">
        <li className="rounded-xl border border-line/15 p-4" data-testid="repair-option-doorstep">
          <h2 className="text-lg font-bold">{t("booking-location.repairLocation.doorstep")}</h2>
          <p className="mt-1">{t("booking-location.repairLocation.doorstepText")}</p>
          <Form method="post" className="mt-3">
            <SubmitButton pendingLabel={t("booking-location.saving")} size="lg">
              {t(location === "doorstep" ? "booking-location.continueLabel" : "booking-location.repairOptions.chooseDoorstep")}
            </SubmitButton>
          </Form>
        </li>
        {allowsDropOff ? (
          <li className="rounded-xl border border-line/15 p-4" data-testid="repair-option-drop-off">
            <h2 className="text-lg font-bold">{t("booking-location.repairLocation.dropOff")}</h2>
            <p className="mt-1">{t("booking-location.repairLocation.dropOffText")}</p>
            <ButtonLink to="/booking/drop-off-locations" variant="quiet" size="lg" className="mt-3">
              {t("booking-location.repairOptions.findStore")}
            </ButtonLink>
          </li>
        ) : null}
        {allowsMailIn ? (
          <li className="rounded-xl border border-line/15 p-4" data-testid="repair-option-mail-in">
            <h2 className="text-lg font-bold">{t("booking-location.mailIn.option")}</h2>
            <p className="mt-1">{t("booking-location.mailIn.optionText")}</p>
            <Form method="post" className="mt-3">
              <SubmitButton name="intent" value="mail-in" variant="secondary" pendingLabel={t("booking-location.saving")} size="lg">
                {t(location === "mail_in" ? "booking-location.continueLabel" : "booking-location.mailIn.choose")}
              </SubmitButton>
            </Form>
          </li>
        ) : null}
        <li className="rounded-xl border border-line/15 p-4" data-testid="repair-option-other">
          <h2 className="text-lg font-bold">{t("booking-location.repairOptions.other")}</h2>
          <p className="mt-1">{t("booking-location.repairOptions.otherText")}</p>
          <Link to="/booking/repair-type" className="mt-3 inline-block underline underline-offset-4">
            {t("booking-location.repairOptions.seeOther")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
