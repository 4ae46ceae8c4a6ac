import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isMailInBooking, mailInAddressLines } from "~/lib/booking-flow/mail-in";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dropOffStoreName, loadCheckoutStep } from "~/journeys/checkout/checkout-step.server";
import { handoverFor } from "~/journeys/checkout/handover.server";
import { stepMeta } from "~/journeys/checkout/meta";
import { bookingOverview } from "~/journeys/checkout/overview";
import { bookingErrorResponse } from "~/lib/booking-flow/context.server";
import { BookingOverviewList, OverviewTotals } from "~/journeys/checkout/components/booking-overview";
import { useBookingLayout } from "~/journeys/checkout/components/use-booking-layout";
import { useMoney } from "~/lib/booking-flow/use-money";
import { intlLocaleOf } from "~/lib/money";
import { env } from "~/env.server";
import { readForm } from "~/lib/http/form.server";
import { mayUse, STORE_HANDOVER } from "~/lib/staff/permissions";
import { requireStaff } from "~/lib/staff/require-staff.server";
import { STAFF_HEADERS } from "~/lib/staff/staff-session.server";
import { CHECKOUT_NAMESPACES } from "~/i18n/namespaces";
import { Button } from "~/components/ui/button";

export const handle = { i18n: CHECKOUT_NAMESPACES };

export const meta = stepMeta("booking-checkout.inStore.title");

/**
 * In-store confirmation (spec §2; issue 11 items 4–5, ADR 101): where a colleague's in-store booking
 * ends. The colleague may hand it to the customer's phone: a booking code and its QR code, which
 * the customer scans to pay on their own device (/booking/continue). A code is made on request
 * (POST), works once and expires; making one stops the previous one. Only in in-store mode, which
 * comes from the staff session (never from the booking or the URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const inStore = Boolean(context.colleague) && Boolean(booking.store_code);
  return data(
    {
      inStore,
      mayHandOver: inStore && mayUse(context.colleague!, STORE_HANDOVER),
      overview: bookingOverview(booking, {
        singleMakeId: context.carrier.singleMakeId,
        locale: context.locale,
        timeLocale: intlLocaleOf(context.carrier.countryCode, context.locale),
        dropOffStore: await dropOffStoreName(context, booking),
        mailInAddress: isMailInBooking(context.carrier, booking) ? mailInAddressLines(context.carrier) : [],
      }),
      codeMinutes: env().HANDOVER_CODE_MINUTES,
    },
    { headers: context.colleague ? STAFF_HEADERS : undefined },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const intent = (await readForm(request)).get("intent");
  if (intent === "next-customer") {
    // The store device moves on to the next customer: it forgets the booking, which stays as it is
    // (its day held) for the customer to pay with the code. Not 'clear booking', which abandons it.
    context.session.unset("bookingRef");
    return redirect(context.colleague ? "/store" : context.startPath);
  }
  // Handing over asks the staff session itself: a customer, or a role without the tag, is refused.
  const staff = await requireStaff(request, STORE_HANDOVER);
  if (!staff.carrier.allowsInStoreBookings || !booking.store_code) {
    return data({ handover: null }, { status: 400, headers: STAFF_HEADERS });
  }
  try {
    // "send-code": the same new code, also sent to the customer's e-mail and phone (ADR 102), for a
    // customer who is not at the counter.
    const issued = await context.engine.basket.issueResumeToken(context.carrier, booking.reference, { send: intent === "send-code" });
    return data({ handover: await handoverFor(request.url, issued), sentTo: issued.sent_to }, { headers: STAFF_HEADERS });
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
}

export default function InStoreConfirmationPage() {
  const { inStore, mayHandOver, overview, codeMinutes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { applianceVariant } = useBookingLayout();
  const format = useMoney();
  const { t } = useTranslation();
  const handover = actionData && "handover" in actionData ? actionData.handover : null;
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
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
          {handover ? (
            <div className="mt-6 rounded-xl border-2 border-primary p-6 text-center" data-testid="in-store-code">
              <p className="font-semibold">{t("booking-checkout.inStore.code")}</p>
              <p className="mt-2 font-mono text-4xl font-bold tracking-widest" data-testid="booking-code">
                {handover.token}
              </p>
              <figure className="mx-auto mt-4 w-56">
                {/* The code draws its own white ground and quiet zone (qrcode's defaults), whatever the theme. */}
                <div
                  role="img"
                  aria-label={t("booking-checkout.inStore.qrLabel", { code: handover.token })}
                  data-testid="handover-qr"
                  data-continue-url={handover.continueUrl}
                  dangerouslySetInnerHTML={{ __html: handover.qrSvg }}
                />
                <figcaption className="mt-2 text-sm">{t("booking-checkout.inStore.qrCaption")}</figcaption>
              </figure>
              <p className="mt-3 break-all text-sm">{t("booking-checkout.inStore.codeHint", { url: handover.continueUrl })}</p>
              {sentTo ? (
                <p role="status" className="mt-3 font-semibold" data-testid="code-sent">
                  {sentTo.phone
                    ? t("booking-checkout.inStore.sentBoth", { email: sentTo.email, phone: sentTo.phone })
                    : t("booking-checkout.inStore.sentEmail", { email: sentTo.email })}
                </p>
              ) : null}
              <p className="mt-2 text-sm" data-testid="code-validity">
                {t("booking-checkout.inStore.validity", { count: codeMinutes })}
              </p>
            </div>
          ) : null}
          {mayHandOver ? (
            <Form method="post" className="mt-6">
              <Button type="submit" name="intent" value="handover" disabled={busy}>
                {t(handover ? "booking-checkout.inStore.regenerate" : "booking-checkout.inStore.generate")}
              </Button>
              <Button type="submit" name="intent" value="send-code" disabled={busy} variant="secondary" className="ml-0 mt-3 sm:ml-3 sm:mt-0">
                {t("booking-checkout.inStore.sendCode")}
              </Button>
              <p className="mt-2 text-sm">{t("booking-checkout.inStore.regenerateNote")}</p>
            </Form>
          ) : (
            <p className="mt-6" data-testid="no-handover">
              {t("booking-checkout.inStore.noHandover")}
            </p>
          )}
          <Form method="post" className="mt-4">
            <Button type="submit" name="intent" value="next-customer" variant="secondary">
              {t("booking-checkout.inStore.newBooking")}
            </Button>
          </Form>
          <div className="mt-8">
            <BookingOverviewList overview={overview} format={format} applianceVariant={applianceVariant} />
            <OverviewTotals overview={overview} format={format} />
          </div>
        </>
      )}
    </section>
  );
}
