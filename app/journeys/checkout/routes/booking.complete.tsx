import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dropOffStoreName } from "~/journeys/checkout/checkout-step.server";
import { stepMeta } from "~/journeys/checkout/meta";
import { bookingOverview } from "~/journeys/checkout/overview";
import { loadBookingContext } from "~/lib/booking-flow/context.server";
import { BookingOverviewList, OverviewTotals } from "~/journeys/checkout/components/booking-overview";
import { useBookingLayout } from "~/journeys/checkout/components/use-booking-layout";
import { useMoney } from "~/lib/booking-flow/use-money";
import { intlLocaleOf } from "~/lib/money";
import { MailInLabel } from "~/components/mail-in-label";
import { isMailInBooking, mailInAddressLines } from "~/lib/booking-flow/mail-in";
import { COMPLETE_NAMESPACES } from "~/i18n/namespaces";
import { ButtonLink } from "~/components/ui/button";
import { planMessages } from "~/booking.server";

export const handle = { i18n: COMPLETE_NAMESPACES };

export const meta = stepMeta("booking-complete.title");

/** bookingComplete (spec §2, §4 step 5): the booking overview and what happens next. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request);
  const { booking, carrier } = context;
  if (!booking) throw redirect(context.startPath);
  if (booking.checkout_status !== "SUCCESS") throw redirect("/booking/checkout");
  // The order holds the technician's timeslot, assigned when the booking completed.
  const order =
    booking.order_id !== null && booking.email ? await context.engine.orders.lookupOrder(carrier, { order_ref: booking.order_id, email: booking.email }).catch(() => null) : null;
  const overview = bookingOverview(booking, {
    singleMakeId: carrier.singleMakeId,
    locale: context.locale,
    timeLocale: intlLocaleOf(carrier.countryCode, context.locale),
    timeslot: order?.booking.timeslot?.start ?? null,
    dropOffStore: await dropOffStoreName(context, booking),
    mailInAddress: isMailInBooking(carrier, booking) ? mailInAddressLines(carrier) : [],
  });
  // What is still to come for this order (spec §1 timing): a booking made after 18:00 the evening
  // before, or on the day itself, is confirmed at checkout; its evening and morning messages are
  // not sent (ADR 229), so the page must not promise them.
  const upcoming = order ? planMessages(carrier, order.booking.booking_date, new Date(order.created_at)).map((message) => message.kind) : ["evening-before", "morning-of"];
  return data({
    overview,
    upcoming: { evening: upcoming.includes("evening-before"), morning: upcoming.includes("morning-of") },
    sender: [[booking.first_name, booking.last_name].filter(Boolean).join(" "), ...overview.repairAddress.lines].filter(Boolean),
    email: booking.email ?? "",
    manageHref: `/manage?${new URLSearchParams({ order_ref: String(booking.order_id ?? ""), email: booking.email ?? "" })}`,
    startPath: context.startPath,
  });
}

export default function CompletePage() {
  const { overview, upcoming, sender, email, manageHref, startPath } = useLoaderData<typeof loader>();
  const { applianceVariant } = useBookingLayout();
  const format = useMoney();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="complete-title" className="mx-auto max-w-3xl">
      <h1 id="complete-title" className="text-3xl font-bold">
        {t("booking-complete.title")}
      </h1>
      <p className="mt-3 text-xl font-semibold" data-testid="order-reference">
        {t("booking-complete.orderReference", { reference: overview.orderReference })}
      </p>
      {email ? <p className="mt-1">{t("booking-complete.intro", { email })}</p> : null}

      <h2 className="mt-8 text-2xl font-bold">{t("booking-checkout.overview.title")}</h2>
      <div className="mt-2">
        <BookingOverviewList overview={overview} format={format} applianceVariant={applianceVariant} />
        <OverviewTotals overview={overview} format={format} />
      </div>

      {overview.repairLocation === "mail_in" && overview.orderReference ? (
        <MailInLabel section="booking-complete" orderReference={overview.orderReference} to={overview.mailInAddress} from={sender} />
      ) : (
        <>
          <h2 className="mt-8 text-2xl font-bold">{t("booking-complete.nextTitle")}</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6" data-testid="what-next">
            <li>{upcoming.evening || !overview.timeslot ? t("booking-complete.next1") : t("booking-complete.next1Confirmed", { timeslot: overview.timeslot })}</li>
            {upcoming.morning ? <li>{t("booking-complete.next2")}</li> : null}
            <li>{t("booking-complete.next3")}</li>
            <li>{t("booking-complete.next4")}</li>
          </ol>
        </>
      )}

      <div className="mt-8 flex flex-wrap gap-4">
        <ButtonLink to={manageHref}>{t("booking-complete.manage")}</ButtonLink>
        <ButtonLink to={startPath} variant="secondary">
          {t("booking-complete.another")}
        </ButtonLink>
      </div>
    </section>
  );
}
