import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/content/schemas";
import { longDate, timeslotText } from "~/lib/dates";
import { intlLocaleOf } from "~/lib/money";
import { manageBookingPath, trackingPath } from "~/lib/order-access/lookup-form";
import { findOrder, loadedLookup, loadManageContext, manageHeaders, manageDocumentHeaders } from "~/lib/order-access/manage.server";
import { manageOrder } from "~/journeys/manage/order-view";
import { titleMeta } from "~/i18n/meta";
import { ButtonLink } from "~/components/ui/button";

export const headers: HeadersFunction = (args) => manageDocumentHeaders(args);

export const handle = { i18n: ["manage", "manage-lookup", "booking", "booking-device"] };

export const meta: MetaFunction = titleMeta("manage.overview.title");

/**
 * /manage/confirm (spec §2, §6): the summary of the order loaded on the manage page and of the last
 * change made to it. Without a loaded order it goes to /manage.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  const lookup = loadedLookup(ctx);
  if (!lookup) throw redirect("/manage");
  const found = await findOrder(ctx, lookup).catch(() => null);
  if (!found) throw redirect("/manage");
  return data(
    {
      order: manageOrder(found, null),
      lastChange: ctx.manageSession.get("lastChange") ?? null,
      managePath: manageBookingPath(lookup),
      trackingPath: trackingPath(lookup),
      timeLocale: intlLocaleOf(ctx.carrier.countryCode, ctx.locale),
    },
    { headers: manageHeaders() },
  );
}

export default function ManageConfirmPage() {
  const { order, lastChange, managePath, trackingPath: tracking, timeLocale } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === "de" ? "de" : "en") as Locale;
  const cancelled = order.status === "CANCELLED";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="manage-confirm">
      <h1 className="text-3xl font-bold">{cancelled ? t("manage.confirm.cancelledTitle") : t("manage.confirm.title")}</h1>
      {lastChange ? (
        <p role="status" className="mt-4 rounded-lg bg-surface px-4 py-3 font-semibold" data-testid="last-change">
          {t(`manage.confirm.lastChange.${lastChange}`)}
        </p>
      ) : null}
      <dl className="mt-6 divide-y divide-line/10">
        <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">{t("manage.overview.orderReference")}</dt>
          <dd>{order.orderRef}</dd>
        </div>
        <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">{t("manage.overview.date")}</dt>
          <dd>{order.timeslot ? `${longDate(order.date, locale)}, ${timeslotText(order.timeslot, timeLocale)}` : t("manage.mailIn.noDate")}</dd>
        </div>
        <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">{t("manage.overview.repairAddress")}</dt>
          <dd>{order.addressLines.join(", ")}</dd>
        </div>
        <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold">{t("manage.overview.devices")}</dt>
          <dd>{order.devices.map((device) => device.title).join(", ")}</dd>
        </div>
      </dl>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={managePath} size="sm">
          {t("manage.confirm.back")}
        </ButtonLink>
        {!cancelled ? (
          <ButtonLink to={tracking} variant="secondary" size="sm">
            {t("manage.actions.track")}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
