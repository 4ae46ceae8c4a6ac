import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/ui/button";

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
      <ButtonLink to="/booking/continue" size="sm" className="mt-3">
        {t("booking-location.continue.title")}
      </ButtonLink>
    </div>
  );
}
