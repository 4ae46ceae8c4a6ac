import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PublicCarrier } from "~/lib/public-carrier";

export interface FooterTexts {
  operatedBy: string | null;
  parking: string | null;
  coverage: string | null;
}

/**
 * `staffLogin`: the carrier has staff who log in at /store/login (ADR 133). With in-store bookings
 * the link is the spec's "Store Login"; without, it is a plain staff log-in for technicians and area
 * managers, and nothing else of the store shows.
 */
export function SiteFooter({ carrier, texts, staffLogin = false }: { carrier: PublicCarrier; texts?: FooterTexts | null; staffLogin?: boolean }) {
  const { t } = useTranslation();
  const operator = carrier.operatorName ?? carrier.formattedName ?? carrier.name;
  return (
    <footer className="mt-16 border-t border-line/10 bg-surface text-sm text-ink" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div className="space-y-2">
          <p className="font-semibold">{carrier.formattedName || carrier.name}</p>
          {carrier.address ? <p className="whitespace-pre-line">{carrier.address}</p> : null}
          {carrier.registrationDetails ? <p data-testid="registration-details">{carrier.registrationDetails}</p> : null}
        </div>
        <div className="space-y-2">
          <p className="font-semibold">{t("footer.contact")}</p>
          {carrier.phone ? (
            <p>
              <a href={`tel:${carrier.phone.replace(/[^+\d]/g, "")}`} className="underline">
                {carrier.phone}
              </a>
            </p>
          ) : null}
          {carrier.email ? (
            <p>
              <a href={`mailto:${carrier.email}`} className="underline">
                {carrier.email}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label={t("footer.legalLinks")}>
          <ul className="space-y-2">
            <li>
              <Link to="/terms" target="_blank" rel="noopener" className="underline">
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link to="/privacy" target="_blank" rel="noopener" className="underline">
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link to="/app-terms" className="underline">
                {t("footer.appTerms")}
              </Link>
            </li>
            {carrier.showImprint ? (
              <li>
                <Link to="/imprint" className="underline">
                  {t("footer.imprint")}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/help" className="underline">
                {t("footer.help")}
              </Link>
            </li>
            <li>
              <Link to="/faqs" className="underline">
                {t("footer.faqs")}
              </Link>
            </li>
            {carrier.allowsInStoreBookings ? (
              <li>
                <Link to="/store/login" className="underline" data-testid="store-login-link">
                  {t("footer.storeLogin")}
                </Link>
              </li>
            ) : staffLogin ? (
              <li>
                <Link to="/store/login" className="underline" data-testid="staff-login-link">
                  {t("footer.staffLogin")}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-6xl space-y-1 px-4 pb-8 text-xs">
        <p>{texts?.operatedBy ?? t("footer.operatedBy", { operator })}</p>
        <p>{texts?.parking ?? t("footer.parking")}</p>
        {texts?.coverage ? <p>{texts.coverage}</p> : null}
      </div>
    </footer>
  );
}
