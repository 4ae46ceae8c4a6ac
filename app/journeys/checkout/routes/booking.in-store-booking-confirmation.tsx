import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dropOffStoreName, loadCheckoutStep } from "~/journeys/checkout/checkout-step.server";
import { stepMeta } from "~/journeys/checkout/meta";
import { bookingOverview } from "~/journeys/checkout/overview";
import { bookingErrorResponse, redirectWithSession, withSession } from "~/lib/booking-flow/context.server";
import { BookingOverviewList, OverviewTotals } from "~/journeys/checkout/components/booking-overview";
import { useBookingLayout } from "~/journeys/checkout/components/use-booking-layout";
import { useMoney } from "~/components/ui/use-money";
import { readForm } from "~/lib/http/form.server";
import { CHECKOUT_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: CHECKOUT_NAMESPACES };

export const meta = stepMeta("booking-checkout.inStore.title");

/**
 * In-store confirmation (spec §2): a booking staff made in store is handed to the customer, who
 * pays and confirms it on their own device with its booking code (/booking/continue). A code is
 * created on request (POST), because creating one makes the previous code stop working.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const inStore = context.carrier.allowsInStoreBookings && Boolean(booking.store_code);
  return data(
    {
      inStore,
      overview: bookingOverview(booking, { singleMakeId: context.carrier.singleMakeId, dropOffStore: await dropOffStoreName(context, booking) }),
      locale: context.locale,
    },
    await withSession(context),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  if ((await readForm(request)).get("intent") === "next-customer") {
    // The staff device moves on to the next customer: it forgets the booking, which stays as it is
    // (its day held) for the customer to pay with the code. Not 'clear booking', which abandons it.
    context.session.unset("bookingRef");
    return redirectWithSession(context, context.startPath);
  }
  if (!context.carrier.allowsInStoreBookings || !booking.store_code) return data({ token: null, continueUrl: null }, await withSession(context, { status: 400 }));
  try {
    const { token } = await context.engine.issueResumeToken(context.carrier, booking.reference);
    const continueUrl = new URL(`/booking/continue?code=${encodeURIComponent(token)}`, request.url).toString();
    return data({ token, continueUrl }, await withSession(context));
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
}

export default function InStoreConfirmationPage() {
  const { inStore, overview, locale } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { applianceVariant } = useBookingLayout();
  const format = useMoney();
  const { t } = useTranslation();
  const issued = actionData && "token" in actionData && actionData.token ? actionData : null;
  const busy = navigation.state === "submitting";

  return (
    <section aria-labelledby="in-store-title" className="mx-auto max-w-3xl">
      <h1 id="in-store-title" className="text-3xl font-bold">
        {t("booking-checkout.inStore.title")}
      </h1>
      {!inStore ? (
        <div className="mt-4 space-y-3">
          <p>{t("booking-checkout.inStore.notInStore")}</p>
          <Link to="/booking/checkout" className="font-semibold underline">
            {t("booking-checkout.inStore.backToCheckout")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2">{t("booking-checkout.inStore.intro")}</p>
          {issued ? (
            <div className="mt-6 rounded-xl border-2 border-primary p-6 text-center" data-testid="in-store-code">
              <p className="font-semibold">{t("booking-checkout.inStore.code")}</p>
              <p className="mt-2 font-mono text-4xl font-bold tracking-widest">{issued.token}</p>
              <p className="mt-3 break-all text-sm">{t("booking-checkout.inStore.codeHint", { url: issued.continueUrl })}</p>
            </div>
          ) : null}
          <Form method="post" className="mt-6">
            <button type="submit" disabled={busy} className="rounded bg-primary px-5 py-3 font-semibold text-on-primary">
              {t("booking-checkout.inStore.generate")}
            </button>
            <p className="mt-2 text-sm">{t("booking-checkout.inStore.regenerateNote")}</p>
          </Form>
          {issued ? (
            <Form method="post" className="mt-4">
              <button type="submit" name="intent" value="next-customer" className="rounded border border-primary px-5 py-3 font-semibold text-primary">
                {t("booking-checkout.inStore.newBooking")}
              </button>
            </Form>
          ) : null}
          <div className="mt-8">
            <BookingOverviewList overview={overview} locale={locale} format={format} applianceVariant={applianceVariant} />
            <OverviewTotals overview={overview} format={format} />
          </div>
        </>
      )}
    </section>
  );
}
