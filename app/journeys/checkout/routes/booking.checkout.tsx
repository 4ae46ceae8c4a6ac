import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isMailInBooking, mailInAddressLines } from "~/lib/booking-flow/mail-in";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dropOffStoreName, loadCheckoutStep, throwLoaderError } from "~/journeys/checkout/checkout-step.server";
import { stepMeta } from "~/journeys/checkout/meta";
import { bookingOverview } from "~/journeys/checkout/overview";
import { completionPath } from "~/journeys/checkout/payment";
import { readinessProblems } from "~/journeys/checkout/readiness";
import { bookingErrorResponse } from "~/lib/booking-flow/context.server";
import { BookingOverviewList, OverviewTotals } from "~/journeys/checkout/components/booking-overview";
import { OutOfWarrantyDialog } from "~/journeys/checkout/components/out-of-warranty-dialog";
import { showsPolicyPhrase } from "@repair/rules/consumer-law";
import { PolicyPhrase } from "~/journeys/checkout/components/policy-phrase";
import { useActionAnswer, useBookingLayout } from "~/journeys/checkout/components/use-booking-layout";
import { useMoney } from "~/lib/booking-flow/use-money";
import { intlLocaleOf } from "~/lib/money";
import { readForm } from "~/lib/http/form.server";
import { countBooking } from "~/lib/observability/metrics.server";
import { CHECKOUT_NAMESPACES } from "~/i18n/namespaces";
import { Button, ButtonLink } from "~/components/ui/button";
import { planMessages } from "~/booking.server";

export const handle = { i18n: CHECKOUT_NAMESPACES };

export const meta = stepMeta("booking-checkout.checkout.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  let report;
  try {
    report = await context.engine.checkout.validateBooking(context.carrier, booking.reference);
  } catch (error) {
    return throwLoaderError(context, error);
  }
  return data({
    overview: bookingOverview(booking, {
      singleMakeId: context.carrier.singleMakeId,
      locale: context.locale,
      timeLocale: intlLocaleOf(context.carrier.countryCode, context.locale),
      // As of the customer's last change (the details just saved): the evening message still to come, or not (ADR 229).
      confirmedAtCheckout: booking.date ? !planMessages(context.carrier, booking.date, new Date(booking.updated_at)).some((message) => message.kind === "evening-before") : false,
      dropOffStore: await dropOffStoreName(context, booking),
      mailInAddress: isMailInBooking(context.carrier, booking) ? mailInAddressLines(context.carrier) : [],
    }),
    problems: readinessProblems(report),
    path: completionPath(booking),
    // In-store mode comes from the staff session (ADR 101); a customer's booking with a store code is theirs to pay.
    inStore: Boolean(context.colleague) && Boolean(booking.store_code),
    locale: context.locale,
    policyPhrase: showsPolicyPhrase(context.carrier.policyPhrase, context.carrier.countryCode),
  });
}

/**
 * Spec §4 step 4: an in-warranty or fully discounted booking completes here, without a charge.
 * `out-of-warranty` answers the RBK15 modal: the repair goes on as a paid one, so its repairs are
 * chosen again (the engine clears them, spec §4 Warranty).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const intent = (await readForm(request)).get("intent");
  try {
    if (intent === "out-of-warranty") {
      await context.engine.basket.setWarranty(context.carrier, booking.reference, { in_warranty: false });
      const first = Object.keys(booking.devices)[0];
      return redirect(first ? `/booking/device/select?device=${encodeURIComponent(first)}` : "/booking/basket");
    }
    const path = completionPath(booking);
    if (path === "payment") return redirect("/booking/payment");
    if (path === "confirm-iw") await context.engine.checkout.confirmInWarranty(context.carrier, booking.reference);
    else await context.engine.checkout.confirmPromo(context.carrier, booking.reference);
    countBooking("completed");
  } catch (error) {
    return bookingErrorResponse(context, error);
  }
  return redirect("/booking/complete");
}

export default function CheckoutPage() {
  const { overview, problems, path, inStore, locale, policyPhrase } = useLoaderData<typeof loader>();
  const { applianceVariant } = useBookingLayout();
  const format = useMoney();
  const navigation = useNavigation();
  const actionData = useActionAnswer(useActionData<typeof action>());
  const error = actionData && "error" in actionData ? actionData.error : null;
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const confirming = navigation.state === "submitting" && navigation.formAction === "/booking/checkout";
  const fixLabel = { details: "fixDetails", date: "fixDate", devices: "fixDevices", store: "fixStore" } as const;

  return (
    <section aria-labelledby="checkout-title" className="mx-auto max-w-3xl">
      <h1 id="checkout-title" className="text-3xl font-bold">
        {t("booking-checkout.checkout.title")}
      </h1>
      <p className="mt-2">{t("booking-checkout.checkout.intro", wording)}</p>

      <div className="mt-6">
        <BookingOverviewList overview={overview} format={format} applianceVariant={applianceVariant} editable />
        <OverviewTotals overview={overview} format={format} />
      </div>

      {problems.length ? (
        <div role="alert" className="mt-6 rounded border-l-4 border-warning-border bg-warning-surface px-4 py-3 text-on-warning-surface" data-testid="checkout-problems">
          <p className="font-bold">{t("booking-checkout.checkout.notReadyTitle")}</p>
          <ul className="mt-2 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem.step}>
                <Link to={problem.path} className="font-semibold underline">
                  {t(`booking-checkout.checkout.${fixLabel[problem.step]}`)}
                </Link>
                {locale === "en" && problem.message ? <span>: {problem.message}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : path === "payment" ? (
        <ButtonLink to="/booking/payment" size="lg" fullWidth className="mt-6" data-testid="continue-to-payment">
          {t("booking-checkout.checkout.continue")}
        </ButtonLink>
      ) : (
        <Form method="post" className="mt-6">
          <p className="mb-3">{path === "confirm-iw" ? t("booking-checkout.checkout.confirmWarranty") : t("booking-checkout.checkout.confirmPromo")}</p>
          <Button type="submit" disabled={confirming} size="lg" fullWidth data-testid="confirm-booking">
            {confirming ? t("booking-checkout.common.pending") : t("booking-checkout.checkout.confirm")}
          </Button>
        </Form>
      )}

      <PolicyPhrase show={policyPhrase} />

      {inStore && !problems.length && path === "payment" ? (
        <div className="mt-8 rounded-xl border border-line/10 p-4">
          <h2 className="text-xl font-bold">{t("booking-checkout.checkout.inStoreTitle")}</h2>
          <p className="mt-1">{t("booking-checkout.checkout.inStoreText")}</p>
          <ButtonLink to="/booking/in-store-booking-confirmation" variant="secondary" size="sm" className="mt-3" data-testid="finish-in-store">
            {t("booking-checkout.checkout.inStoreButton")}
          </ButtonLink>
        </div>
      ) : null}
      {error?.behaviour.modal === "out-of-warranty" ? <OutOfWarrantyDialog /> : null}
    </section>
  );
}
