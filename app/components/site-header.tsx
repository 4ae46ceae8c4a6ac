import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languageSwitchHref } from "~/i18n/language-link";
import type { PublicCarrier } from "~/lib/public-carrier";
import { ButtonLink } from "~/components/ui/button";

export function SiteHeader({ carrier, locale }: { carrier: PublicCarrier; locale: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const otherLocales = carrier.supportedLocales.filter((code) => code !== locale);
  return (
    <header className="border-b border-line/10 bg-page">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-page focus:p-2">
        {t("nav.skipToContent")}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex min-w-0 max-w-full items-center gap-2 text-lg font-bold text-ink" aria-label={t("nav.logoAlt", { brand: carrier.name })}>
          {/* Never cropped: 36 px high at its own width; on a narrow screen scaled down whole (object-contain). */}
          {carrier.theme.logoUrl ? <img src={carrier.theme.logoUrl} alt="" className="h-9 w-auto max-w-full object-contain" data-testid="header-logo" /> : null}
          <span data-testid="brand-name" className={carrier.theme.logoUrl ? "sr-only" : undefined}>
            {carrier.name}
          </span>
        </Link>
        <nav aria-label={t("nav.mainNavigation")}>
          <ul className="flex flex-wrap items-center gap-4 text-sm font-medium">
            <li>
              <ButtonLink to="/booking" size="sm">
                {t("nav.bookRepair")}
              </ButtonLink>
            </li>
            <li>
              <Link to="/manage" className="text-ink underline-offset-4 hover:underline">
                {t("nav.manageBooking")}
              </Link>
            </li>
            <li>
              <Link to="/faqs" className="text-ink underline-offset-4 hover:underline">
                {t("nav.faqs")}
              </Link>
            </li>
            <li>
              <Link to="/help" className="text-ink underline-offset-4 hover:underline">
                {t("nav.help")}
              </Link>
            </li>
            {otherLocales.map((code) => (
              <li key={code}>
                <a href={languageSwitchHref(location, code)} hrefLang={code} lang={code} className="rounded border border-line/20 px-2 py-1 text-ink">
                  {t(`nav.languageName.${code}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
