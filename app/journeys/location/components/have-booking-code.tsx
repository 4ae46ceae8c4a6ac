import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The way to the Confirm booking page (/booking/continue) for a customer who was given a booking
 * code. On a confirm-only carrier (ADR 102) the customer's first page is where most arrive with a
 * code: there it stands out above the search; elsewhere it is a line below the form.
 */
export function HaveBookingCode({ prominent }: { prominent: boolean }) {
  const { t } = useTranslation();
  if (!prominent) {
    return (
      <p className="mt-8">
        <Link to="/booking/continue" className="underline underline-offset-4">
          {t("booking-location.postcode.haveCode")}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-6 rounded-xl border-2 border-primary p-4" data-testid="confirm-booking-callout">
      <p className="font-semibold">{t("booking-location.continue.calloutTitle")}</p>
      <p className="mt-1">{t("booking-location.continue.calloutText")}</p>
      <Link to="/booking/continue" className="mt-3 inline-block rounded-lg bg-primary px-4 py-2 font-semibold text-on-primary">
        {t("booking-location.continue.title")}
      </Link>
    </div>
  );
}
