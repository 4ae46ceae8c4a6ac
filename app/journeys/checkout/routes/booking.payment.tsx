/**
 * The payment step (spec §2 payment panels, §4 "Card payment" and "Pay-later payment", §8 charge
 * outcomes and the payment error modal; issue 5).
 *
 * - Method choice: card (Braintree's drop-in, or offline the sandbox's test card form), pay in 30
 *   days, or three instalments; choosing the selected one again deselects it; none chosen →
 *   'Payment method must be chosen'.
 * - Card: the drop-in's nonce (3-D Secure with billing data, challenge requested) or a test nonce,
 *   then the charge. Pay later: save details (forced persist) → update the provider session →
 *   authorise → approved: charge paid via credit with the authorisation token; not approved: stop.
 * - Outcomes (§8): BK27 back to checkout, RBK15 the out-of-warranty modal, card error and declined
 *   texts in the payment error modal, other errors clear the chosen method.
 * - Exactly once: the engine derives the charge's idempotency key from the booking (ADR 014); the
 *   page also drops a second submit while one is on its way.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { inlineErrorText } from "~/journeys/checkout/action-errors";
import { loadCheckoutStep, throwLoaderError } from "~/journeys/checkout/checkout-step.server";
import { engineFieldErrors } from "~/journeys/checkout/customer-details";
import { stepMeta } from "~/journeys/checkout/meta";
import { completionPath, paymentErrorModal, paymentFormSchema, paymentPlan, sandboxPaymentOptions, type ChargeRequest } from "~/journeys/checkout/payment";
import { authorizePayLaterOnServer, BILLING_FIELDS, billingDetailsForm, paymentPageData, preparePayLater, type BillingValues } from "~/journeys/checkout/payment.server";
import { bookingErrorResponse, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { BookingState } from "~/booking.server";
import { handleError } from "~/lib/errors/errors.server";
import { OutOfWarrantyDialog } from "~/journeys/checkout/components/out-of-warranty-dialog";
import { useMoney } from "~/lib/booking-flow/use-money";
import { BillingPanel } from "~/journeys/checkout/components/billing-panel";
import { CardPaymentPanel } from "~/journeys/checkout/components/card-payment-panel";
import { PayLaterPanel } from "~/journeys/checkout/components/pay-later-panel";
import { PaymentErrorDialog } from "~/journeys/checkout/components/payment-error-dialog";
import { PaymentProcessingOverlay } from "~/journeys/checkout/components/payment-processing-overlay";
import { showsPolicyPhrase } from "@repair/rules/consumer-law";
import { PolicyPhrase } from "~/journeys/checkout/components/policy-phrase";
import { usePaymentFlow, type PaymentAnswer } from "~/journeys/checkout/components/use-payment-flow";
import { readForm } from "~/lib/http/form.server";
import { countPaymentOutcome } from "~/lib/observability/metrics.server";
import { PAYMENT_NAMESPACES } from "~/i18n/namespaces";
import { Button } from "~/components/ui/button";
import { flashToast } from "~/lib/toast.server";

export const handle = { i18n: PAYMENT_NAMESPACES };

export const meta = stepMeta("booking-checkout.payment.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  // Nothing to pay, or not ready to pay: checkout confirms it or says what is missing.
  if (completionPath(booking) !== "payment") throw redirect("/booking/checkout");
  let tokens;
  try {
    const report = await context.engine.checkout.validateBooking(context.carrier, booking.reference);
    if (!report.valid) throw redirect("/booking/checkout");
    tokens = await context.engine.checkout.generateBillingTokens(context.carrier, booking.reference);
  } catch (error) {
    if (error instanceof Response) throw error;
    return throwLoaderError(context, error);
  }
  const editBilling = new URL(request.url).searchParams.get("billing") === "edit";
  return data({ ...paymentPageData(context, booking, tokens), editBilling, policyPhrase: showsPolicyPhrase(context.carrier.policyPhrase, context.carrier.countryCode) });
}

/** The engine reports the charge's real outcome to the counters (ADR 152); a duplicate submission reports none. */
async function charge(context: BookingRequestContext, booking: BookingState, request: ChargeRequest) {
  await context.engine.checkout.charge(context.carrier, booking.reference, { ...request, currency: context.carrier.currency });
}

async function chargeErrorAnswer(context: BookingRequestContext, error: unknown) {
  // BK07 here means a duplicate submission found the order the first one completed: that is success.
  const response = await bookingErrorResponse(context, error, "booking.payment");
  if (response instanceof Response) return response;
  return data<PaymentAnswer>({ error: response.data.error }, response.init ?? undefined);
}

async function saveBilling(context: BookingRequestContext, booking: BookingState, form: FormData) {
  const posted: BillingValues = Object.fromEntries(BILLING_FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
  const parsed = billingDetailsForm(booking, posted);
  if (!parsed.ok) return data<PaymentAnswer>({ billingErrors: parsed.errors, billingValues: posted }, { status: 400 });
  try {
    await context.engine.basket.setCustomerDetails(context.carrier, booking.reference, parsed.input);
  } catch (error) {
    const handled = handleError(error, "booking.details");
    if (handled.behaviour.show === "field") {
      return data<PaymentAnswer>({ billingErrors: engineFieldErrors(handled.error.fields), billingValues: posted }, { status: 400 });
    }
    return chargeErrorAnswer(context, error);
  }
  flashToast({ type: "success", key: "payment.billing.saved" });
  return redirect("/booking/payment");
}

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const form = await readForm(request);
  if (form.get("intent") === "billing") return saveBilling(context, booking, form);

  const options = sandboxPaymentOptions(context.carrier);
  const values = Object.fromEntries(form);
  // The pay-in-30-days express button names its method itself, whatever else is chosen.
  if (form.get("express") === "pay_later") values.method = "pay_later";
  const parsed = paymentFormSchema(options).safeParse(values);
  const plan = parsed.success
    ? paymentPlan(parsed.data, options, { serverAuthorisesPayLater: context.engine.capabilities().payLater.serverAuthorize })
    : ({ kind: "missing" } as const);
  if (plan.kind === "missing") {
    flashToast({ type: "error", key: "booking.toasts.paymentMethodRequired" });
    return data<PaymentAnswer>({ methodMissing: true }, { status: 400 });
  }
  try {
    if (plan.kind === "pay-later-on-server") {
      // Spec §4 "Pay-later payment" without JavaScript (the sandbox authorises on the server).
      await preparePayLater(context, booking);
      const authorization = await authorizePayLaterOnServer(context, booking, plan.type);
      if (!authorization.approved || !authorization.authorization_token) {
        countPaymentOutcome({ method: plan.type, outcome: "declined" });
        return data<PaymentAnswer>({ payLaterDenied: true }, { status: 400 });
      }
      await charge(context, booking, { token: authorization.authorization_token, payment_type: plan.type, paid_via_credit: true, expected_total: parsed.data!.expected_total });
    } else await charge(context, booking, plan.charge);
  } catch (error) {
    return chargeErrorAnswer(context, error);
  }
  return redirect("/booking/complete");
}

export default function PaymentPage() {
  const page = useLoaderData<typeof loader>();
  const { total, buttonLabelKey, buttonInfoKey, inStore, payLater, billing } = page;
  // Taken apart at once: the flow holds refs, and react-hooks/refs forbids reading a ref-holding object in render.
  const { selected, toggle, paying, payLaterNote, error, errorModal, modalOpen, methodMissing, denied, billingAnswer, onSubmit, setSelected, dropIn, cardNote, ...flow } =
    usePaymentFlow(page);
  const { payLaterPanel, authorizeOnServer, payButtonRef, billingPanel, editingBilling, setEditingBilling, savingBilling, closeModal, openBilling } = flow;
  const format = useMoney();
  const { t } = useTranslation();

  return (
    <section aria-labelledby="payment-title" className="mx-auto max-w-xl">
      <h1 id="payment-title" className="text-3xl font-bold">
        {t("booking-checkout.payment.title")}
      </h1>
      <p className="mt-2">{t("booking-checkout.payment.intro")}</p>
      <p className="mt-6 flex justify-between rounded-xl bg-surface p-4 text-xl font-bold">
        <span>{t("booking-checkout.payment.total")}</span>
        <span data-testid="payment-total">{format(total)}</span>
      </p>

      <Form method="post" id="payment-form" className="mt-6" onSubmit={onSubmit}>
        <input type="hidden" name="expected_total" value={total} />
        {payLater.types.includes("pay_later") ? (
          <div className="mb-6 rounded-xl border border-line/15 p-4" data-testid="pay-later-express">
            <p className="font-semibold">{t("payment.express.title")}</p>
            <p className="text-sm">{t("payment.express.text")}</p>
            <Button type="submit" name="express" value="pay_later" disabled={paying} variant="secondary" size="sm" fullWidth className="mt-3">
              {t("payment.express.button")}
            </Button>
          </div>
        ) : null}

        <fieldset disabled={paying} aria-describedby={methodMissing ? "method-error" : undefined}>
          <legend className="text-xl font-bold">{t("booking-checkout.payment.methodLegend")}</legend>
          {methodMissing ? (
            <p id="method-error" role="alert" className="mt-2 font-medium text-danger" data-testid="method-error">
              {t("booking.toasts.paymentMethodRequired")}
            </p>
          ) : null}
          <CardPaymentPanel page={page} selected={selected} toggle={toggle} setSelected={setSelected} dropIn={dropIn} cardNote={cardNote} />
          <PayLaterPanel
            ref={payLaterPanel}
            widget={payLater.widget}
            clientToken={payLater.clientToken}
            types={payLater.types}
            selected={selected}
            onToggle={toggle}
            authorizeOnServer={authorizeOnServer}
          />
          {denied || payLaterNote === "unavailable" ? (
            <p role="alert" className="mt-3 font-medium text-danger" data-testid="pay-later-note">
              {t(denied ? "payment.payLater.denied" : "payment.payLater.unavailable")}
            </p>
          ) : null}
        </fieldset>
        {inStore ? (
          <p className="mt-4 text-sm">
            <Trans
              i18nKey="booking-checkout.payment.agree"
              components={{
                terms: <Link to="/terms" target="_blank" rel="noopener" className="underline" />,
                privacy: <Link to="/privacy" target="_blank" rel="noopener" className="underline" />,
              }}
            />
          </p>
        ) : null}
        <Button ref={payButtonRef} type="submit" disabled={paying} size="lg" fullWidth className="mt-6" data-testid="pay-button">
          {t(buttonLabelKey, { amount: format(total) })}
        </Button>
        {buttonInfoKey ? (
          <p className="mt-2 text-sm" data-testid="pay-info">
            {t(buttonInfoKey)}
          </p>
        ) : null}
        <PolicyPhrase show={page.policyPhrase} />
      </Form>

      <BillingPanel
        key={`${billing.line1}|${billing.postcode}|${billing.firstName}|${billing.lastName}`}
        ref={billingPanel}
        billing={billing}
        editing={editingBilling}
        onEdit={() => setEditingBilling(true)}
        onCancel={() => setEditingBilling(false)}
        saving={savingBilling}
        errors={billingAnswer?.billingErrors}
        values={billingAnswer?.billingValues}
      />

      {paying ? <PaymentProcessingOverlay /> : null}
      {modalOpen && error ? (
        <PaymentErrorDialog items={paymentErrorModal(error)} messages={[inlineErrorText(error, t)]} onRetry={closeModal} onUpdateBilling={openBilling} />
      ) : null}
      {errorModal === "out-of-warranty" ? <OutOfWarrantyDialog /> : null}
    </section>
  );
}
