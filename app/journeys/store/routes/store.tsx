import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languageSwitchHref } from "~/i18n/language-link";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { mayUse } from "~/lib/staff/permissions";
import { currentStaff } from "~/lib/staff/require-staff.server";
import { STAFF_HEADERS } from "~/lib/staff/staff-session.server";
import { requireTenant } from "~/tenant/tenant.server";

/**
 * The staff area's back-office frame (ADR 257): every /store page (the desk, a technician's jobs, the
 * area manager's, a store colleague's start) in its own layout, chosen by this route, never by the
 * carrier: the carrier's mark small, the person and their role, the staff pages their role may use,
 * and sign out. The root leaves out the customer site's header and footer for any page under it.
 */
export const handle = { i18n: ["store"], layout: "back-office" };

export async function loader({ request }: LoaderFunctionArgs) {
  // The log-in page has nobody yet: the mark and the language only. Each page asks requireStaff itself.
  const [{ carrier, locale }, staff] = await Promise.all([requireTenant(request), currentStaff(request)]);
  const pages = staff
    ? Object.values(STAFF_PAGES)
        .filter((page) => mayUse(staff.account, page.requirement))
        .map(({ path, titleKey }) => ({ path, titleKey }))
    : [];
  return data(
    {
      // The carrier's mark and its languages: what the frame shows of the carrier, nothing more.
      carrier: { name: carrier.name, logoUrl: carrier.theme.logoUrl ?? null, otherLocales: carrier.supportedLocales.filter((code) => code !== locale) },
      staff: staff ? { name: staff.account.name, role: staff.account.role } : null,
      pages,
    },
    { headers: STAFF_HEADERS },
  );
}

export default function BackOffice() {
  const { carrier, staff, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const link = ({ isActive }: { isActive: boolean }) => `underline-offset-4 hover:underline ${isActive ? "font-bold underline" : ""}`;
  return (
    <>
      <header className="border-b border-line/20 bg-surface text-sm" data-testid="back-office-header">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-page focus:p-2">
          {t("store.backOffice.skipToContent")}
        </a>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <Link to="/store" className="flex items-center gap-2 font-semibold text-ink" data-testid="back-office-brand">
            {carrier.logoUrl ? <img src={carrier.logoUrl} alt="" className="h-6 w-auto" /> : null}
            <span className={carrier.logoUrl ? "sr-only" : undefined}>{carrier.name}</span>
            <span className="rounded border border-line/30 px-1.5 py-0.5 text-xs font-medium">{t("store.backOffice.label")}</span>
          </Link>
          {staff ? (
            <nav aria-label={t("store.backOffice.navigation")} className="flex-1" data-testid="back-office-nav">
              <ul className="flex flex-wrap items-center gap-4">
                <li>
                  <NavLink to="/store" end className={link}>
                    {t("store.backOffice.home")}
                  </NavLink>
                </li>
                {pages.map((page) => (
                  <li key={page.path}>
                    <NavLink to={page.path} className={link}>
                      {t(page.titleKey)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : (
            <span className="flex-1" />
          )}
          {carrier.otherLocales.map((code) => (
            <a key={code} href={languageSwitchHref(location, code)} hrefLang={code} lang={code} className="rounded border border-line/20 px-2 py-0.5 text-ink">
              {t(`nav.languageName.${code}`)}
            </a>
          ))}
          {staff ? (
            <div className="flex items-center gap-3">
              <span data-testid="back-office-staff">
                <span className="font-semibold" data-testid="back-office-staff-name">
                  {staff.name}
                </span>
                {" · "}
                <span data-testid="back-office-staff-role">{t(`store.roles.${staff.role}`)}</span>
              </span>
              <Form method="post" action="/store/logout">
                <button type="submit" className="rounded border border-line/30 px-2 py-0.5 font-medium" data-testid="back-office-sign-out">
                  {t("store.backOffice.signOut")}
                </button>
              </Form>
            </div>
          ) : null}
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </>
  );
}
