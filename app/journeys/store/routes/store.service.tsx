import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { getRequestEngine } from "~/booking.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { titleMeta } from "~/i18n/meta";
import { formatMoney, type Currency } from "~/lib/money";
import { STAFF_PAGES } from "~/lib/staff/pages";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { staffDocumentHeaders } from "~/lib/staff/staff-session.server";
import { StaffTable } from "~/journeys/store/components/staff-table";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers = staffDocumentHeaders;

export const handle = { i18n: ["store"] };

export const meta: MetaFunction = titleMeta("store.service.title");

const query = z.object({
  q: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** /store/service?q&page: the carrier's orders by reference, e-mail, phone or postcode (ADR 188). */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, STAFF_PAGES.service.requirement);
  const url = new URL(request.url);
  const { q, page } = query.parse({ q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? 1 });
  const engine = await getRequestEngine(request);
  const result = q ? await engine.service.searchOrders(staff.carrier, { query: q, page }) : null;
  return data({ carrier: { name: staff.carrier.name, countryCode: staff.carrier.countryCode }, locale: staff.locale, q, result }, { headers: staff.headers });
}

export default function CustomerServiceSearch() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const money = (minor: number, currency: string) => formatMoney(minor, currency as Currency, { countryCode: page.carrier.countryCode, locale: page.locale });
  const pageLink = (n: number) => `?${new URLSearchParams({ q: page.q, page: String(n) })}`;
  const result = page.result;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("store.service.title")}</h1>
      <p className="mt-1">{t("store.service.intro", { carrier: page.carrier.name })}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-72 flex-1">
          <TextField id="service-query" name="q" label={t("store.service.searchLabel")} hint={t("store.service.hint")} defaultValue={page.q} autoComplete="off" />
        </div>
        <SubmitButton testId="service-search">{t("store.service.search")}</SubmitButton>
      </Form>
      {result ? (
        result.total ? (
          <>
            <p className="mt-6" data-testid="service-found">
              {t("store.service.found", { count: result.total })}
            </p>
            <StaffTable
              testId="service-results"
              className="mt-3"
              headings={["order", "date", "name", "email", "phone", "postcode", "total", "status"].map((c) => t(`store.service.columns.${c}`))}
              rows={result.orders.map((order) => ({
                key: order.order_ref,
                cells: [
                  <Link key="ref" to={`/store/service/${order.order_ref}`} className="underline" data-testid="service-result-link">
                    {order.order_ref}
                  </Link>,
                  order.date,
                  order.name,
                  order.email,
                  order.phone_number ?? "",
                  order.postcode,
                  money(order.total_minor, order.currency),
                  t(`store.service.status.${order.status}`),
                ],
              }))}
            />
            {result.pages > 1 ? (
              <nav className="mt-4 flex items-center gap-4" aria-label={t("store.service.page", { page: result.page, pages: result.pages })}>
                {result.page > 1 ? (
                  <Link to={pageLink(result.page - 1)} className="underline" data-testid="service-previous">
                    {t("store.service.previous")}
                  </Link>
                ) : null}
                <span>{t("store.service.page", { page: result.page, pages: result.pages })}</span>
                {result.page < result.pages ? (
                  <Link to={pageLink(result.page + 1)} className="underline" data-testid="service-next">
                    {t("store.service.next")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        ) : (
          <p className="mt-6" data-testid="service-no-results">
            {t("store.service.noResults", { query: page.q })}
          </p>
        )
      ) : null}
      <Link to="/store" className="mt-8 inline-block underline">
        {t("store.service.back")}
      </Link>
    </div>
  );
}
