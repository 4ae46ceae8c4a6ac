import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/submit-button";
import { titleMeta } from "~/i18n/meta";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { mayUse, STORE_BOOKING } from "~/lib/staff/permissions";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.home.title");

/** /store: who is logged in, for which company and store, what their role may open, and log-out. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { carrier, account, headers } = await requireStaff(request);
  const pages = Object.values(STAFF_PAGES)
    .filter((page) => mayUse(account, page.requirement))
    .map(({ path, titleKey, textKey }) => ({ path, titleKey, textKey }));
  return data(
    {
      carrierName: carrier.name,
      name: account.name,
      username: account.username,
      role: account.role,
      storeCodes: account.storeCodes,
      serviceArea: account.serviceArea,
      companyPermissions: account.companyPermissions,
      pages,
      mayBook: carrier.allowsInStoreBookings && mayUse(account, STORE_BOOKING),
    },
    { headers },
  );
}

export default function StaffHomePage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("store.home.carrier"), page.carrierName],
    [t("store.home.role"), t(`store.roles.${page.role}`)],
    [t("store.home.username"), page.username],
    [t("store.home.stores"), page.storeCodes.join(", ") || t("store.home.none")],
    [t("store.home.area"), page.serviceArea ?? t("store.home.none")],
    [t("store.home.companyPermissions"), page.companyPermissions.join(", ") || t("store.home.none")],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("store.home.title")}</h1>
      <p className="mt-2 text-lg" data-testid="staff-welcome">
        {t("store.home.welcome", { name: page.name })}
      </p>
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]" data-testid="staff-details">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {page.mayBook ? (
        <section aria-labelledby="new-booking-title" className="mt-10 rounded-xl border border-line/15 p-4">
          <h2 id="new-booking-title" className="text-2xl font-bold">
            {t("store.home.newBookingTitle")}
          </h2>
          <p className="mt-1">{t("store.home.newBookingText")}</p>
          <Form method="post" action="/store/booking" className="mt-3">
            <SubmitButton testId="staff-new-booking" pendingLabel={t("store.home.newBookingStarting")}>
              {t("store.home.newBooking")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      <h2 className="mt-10 text-2xl font-bold">{t("store.home.pagesTitle")}</h2>
      {page.pages.length ? (
        <ul className="mt-4 space-y-3" data-testid="staff-pages">
          {page.pages.map((link) => (
            <li key={link.path}>
              <Link to={link.path} className="font-semibold underline">
                {t(link.titleKey)}
              </Link>
              <p>{t(link.textKey)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{t("store.home.noPages")}</p>
      )}
      <Form method="post" action="/store/logout" className="mt-10">
        <SubmitButton variant="secondary" testId="staff-logout">
          {t("store.home.logout")}
        </SubmitButton>
      </Form>
    </div>
  );
}
