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
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { inlineErrorText } from "~/journeys/checkout/action-errors";
import { loadCheckoutStep, throwLoaderError } from "~/journeys/checkout/checkout-step.server";
import { engineFieldErrors } from "~/journeys/checkout/customer-details";
import { stepMeta } from "~/journeys/checkout/meta";
import {
  clearsSelectedMethod,
  completionPath,
  isPayLaterMethod,
  paymentErrorModal,
  paymentFormSchema,
  paymentPlan,
  sandboxPaymentOptions,
  type ChargeRequest,
  type PayLaterMethod,
  type PaymentMethodValue,
} from "~/journeys/checkout/payment";
import { authorizePayLaterOnServer, BILLING_FIELDS, billingDetailsForm, paymentPageData, preparePayLater, type BillingValues } from "~/journeys/checkout/payment.server";
import { bookingErrorResponse, flashToast, redirectWithSession, withSession, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { BookingState } from "~/booking.server";
import { behaviourFor, type ShownText } from "~/lib/errors/error-table";
import { handleError } from "~/lib/errors/errors.server";
import { toast } from "~/lib/toast";
import { OutOfWarrantyDialog } from "~/journeys/checkout/components/out-of-warranty-dialog";
import { useActionAnswer } from "~/journeys/checkout/components/use-booking-layout";
import { useMoney } from "~/components/ui/use-money";
import { BillingPanel } from "~/journeys/checkout/components/billing-panel";
import { BraintreeDropIn, type DropInHandle } from "~/journeys/checkout/components/braintree-drop-in";
import { PayLaterPanel, type KlarnaBillingAddress, type PayLaterAuthorization, type PayLaterPanelHandle } from "~/journeys/checkout/components/pay-later-panel";
import { PaymentErrorDialog } from "~/journeys/checkout/components/payment-error-dialog";
import { PaymentProcessingOverlay } from "~/journeys/checkout/components/payment-processing-overlay";
import { PolicyPhrase } from "~/journeys/checkout/components/policy-phrase";
import { readForm } from "~/lib/http/form.server";
import { countPaymentOutcome } from "~/lib/observability/metrics.server";
import { PAYMENT_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: PAYMENT_NAMESPACES };

export const meta = stepMeta("booking-checkout.payment.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  // Nothing to pay, or not ready to pay: checkout confirms it or says what is missing.
  if (completionPath(booking) !== "payment") throw redirect("/booking/checkout", await withSession(context));
  let tokens;
  try {
    const report = await context.engine.checkout.validateBooking(context.carrier, booking.reference);
    if (!report.valid) throw redirect("/booking/checkout", await withSession(context));
    tokens = await context.engine.checkout.generateBillingTokens(context.carrier, booking.reference);
  } catch (error) {
    if (error instanceof Response) throw error;
    return throwLoaderError(context, error);
  }
  const editBilling = new URL(request.url).searchParams.get("billing") === "edit";
  return data({ ...paymentPageData(context, booking, tokens), editBilling, policyPhrase: context.carrier.showPolicyPhrase }, await withSession(context));
}

interface PaymentError {
  code: string;
  messages: string[];
  fields: Record<string, string[]>;
  shown: ShownText;
}

type PaymentAnswer =
  | { methodMissing: true }
  | { error: PaymentError }
  | { payLaterDenied: true }
  | { billingErrors: Partial<Record<string, string>>; billingValues: BillingValues };

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
  if (!parsed.ok) return data<PaymentAnswer>({ billingErrors: parsed.errors, billingValues: posted }, await withSession(context, { status: 400 }));
  try {
    await context.engine.basket.setCustomerDetails(context.carrier, booking.reference, parsed.input);
  } catch (error) {
    const handled = handleError(error, "booking.details");
    if (handled.behaviour.show === "field") {
      return data<PaymentAnswer>({ billingErrors: engineFieldErrors(handled.error.fields), billingValues: posted }, await withSession(context, { status: 400 }));
    }
    return chargeErrorAnswer(context, error);
  }
  flashToast(context, "payment.billing.saved");
  return redirectWithSession(context, "/booking/payment");
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
  const plan = parsed.success ? paymentPlan(parsed.data, options, { serverAuthorisesPayLater: context.engine.capabilities().payLater.serverAuthorize }) : ({ kind: "missing" } as const);
  if (plan.kind === "missing") {
    context.toast = toast({ type: "error", key: "booking.toasts.paymentMethodRequired" });
    return data<PaymentAnswer>({ methodMissing: true }, await withSession(context, { status: 400 }));
  }
  try {
    if (plan.kind === "pay-later-on-server") {
      // Spec §4 "Pay-later payment" without JavaScript (the sandbox authorises on the server).
      await preparePayLater(context, booking);
      const authorization = await authorizePayLaterOnServer(context, booking, plan.type);
      if (!authorization.approved || !authorization.authorization_token) {
        countPaymentOutcome({ method: plan.type, outcome: "declined" });
        return data<PaymentAnswer>({ payLaterDenied: true }, await withSession(context, { status: 400 }));
      }
      await charge(context, booking, { token: authorization.authorization_token, payment_type: plan.type, paid_via_credit: true, expected_total: parsed.data!.expected_total });
    } else await charge(context, booking, plan.charge);
  } catch (error) {
    return chargeErrorAnswer(context, error);
  }
  return redirectWithSession(context, "/booking/complete");
}


const PAY_LATER_ENDPOINT = "/booking/payment/pay-later";

/** One pay-later step on the server (JSON); a §8 redirect is followed at once. */
async function payLaterStep<T>(fields: Record<string, string>): Promise<T | null> {
  const response = await fetch(PAY_LATER_ENDPOINT, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
  const answer = (await response.json().catch(() => ({}))) as { redirect?: string } & T;
  if (answer.redirect) {
    window.location.assign(answer.redirect);
    return null;
  }
  return answer;
}

export default function PaymentPage() {
  const page = useLoaderData<typeof loader>();
  const { total, buttonLabelKey, buttonInfoKey, inStore, card, payLater, billing } = page;
  const actionData = useActionAnswer(useActionData<typeof action>() as PaymentAnswer | undefined);
  const navigation = useNavigation();
  const submit = useSubmit();
  const format = useMoney();
  const { t } = useTranslation();

  const [selected, setSelected] = useState<PaymentMethodValue | null>(null);
  const [processing, setProcessing] = useState(false);
  const [payLaterNote, setPayLaterNote] = useState<"denied" | "unavailable" | null>(null);
  const [cardNote, setCardNote] = useState(false);
  const [dismissed, setDismissed] = useState<PaymentAnswer | null>(null);
  const [editingBilling, setEditingBilling] = useState(page.editBilling);
  const busy = useRef(false);
  const dropIn = useRef<DropInHandle>(null);
  const payLaterPanel = useRef<PayLaterPanelHandle>(null);
  const billingPanel = useRef<HTMLElement>(null);
  const payButtonRef = useRef<HTMLButtonElement>(null);

  const braintree = card.dropIn;
  // A post of this page on its way, or its redirect to another page (complete, checkout) loading; not
  // the reload of this page that follows a refused payment (the answer is already showing then).
  const submitting =
    navigation.formMethod?.toUpperCase() === "POST" &&
    Boolean(navigation.formAction?.startsWith("/booking/payment")) &&
    (navigation.state === "submitting" || (navigation.state === "loading" && navigation.location.pathname !== "/booking/payment"));
  const savingBilling = Boolean(submitting && navigation.formData?.get("intent") === "billing");
  const paying = processing || Boolean(submitting && !savingBilling);
  // The last payment has its answer (or none is on its way): the next submit may go.
  if (!submitting && !processing) busy.current = false;

  const error = actionData && "error" in actionData ? actionData.error : null;
  const methodMissing = Boolean(actionData && "methodMissing" in actionData);
  const denied = Boolean(actionData && "payLaterDenied" in actionData) || payLaterNote === "denied";
  const billingAnswer = actionData && "billingErrors" in actionData ? actionData : null;
  const errorModal = error ? behaviourFor(error.code, "booking.payment").modal : undefined;
  const modalOpen = Boolean(error && errorModal !== "out-of-warranty" && dismissed !== actionData);

  // A new answer: stop the overlay; spec §8 'other errors clear the selected payment method'.
  useEffect(() => {
    if (!actionData) return;
    setProcessing(false);
    if ("error" in actionData) {
      if (clearsSelectedMethod(actionData.error.code)) setSelected(null);
      // A nonce is spent once: the drop-in asks for the card again.
      dropIn.current?.clear();
    }
    if ("billingErrors" in actionData) setEditingBilling(true);
  }, [actionData]);
  // A charge posted by the page (drop-in, pay later) has ended: the answer or the next page shows.
  useEffect(() => {
    if (navigation.state === "idle") setProcessing(false);
  }, [navigation.state]);
  // A saved billing address (the page reloads with the new one) closes the form.
  useEffect(() => {
    setEditingBilling(page.editBilling);
  }, [billing.firstName, billing.lastName, billing.line1, billing.line2, billing.town, billing.postcode, page.editBilling]);

  const toggle = useCallback((value: PaymentMethodValue) => {
    setPayLaterNote(null);
    setCardNote(false);
    setSelected((current) => (current === value ? null : value));
  }, []);

  const authorizeOnServer = useCallback(async (type: PayLaterMethod): Promise<PayLaterAuthorization> => {
    const answer = await payLaterStep<{ authorization?: PayLaterAuthorization }>({ intent: "authorize", payment_type: type });
    if (!answer) return new Promise(() => undefined); // leaving the page
    if (!answer.authorization) throw new Error("pay later could not be authorised");
    return answer.authorization;
  }, []);

  const chargeWith = (fields: Record<string, string>) => submit({ ...fields, expected_total: String(total) }, { method: "post", action: "/booking/payment" });

  /** Spec §4 "Pay-later payment": save details → update the session → authorise → charge, or stop. */
  async function payLaterFlow(type: PayLaterMethod) {
    setProcessing(true);
    setPayLaterNote(null);
    const stop = (note: "denied" | "unavailable") => {
      setProcessing(false);
      busy.current = false;
      setPayLaterNote(note);
    };
    try {
      const prepared = await payLaterStep<{ ok?: boolean; billing_address?: KlarnaBillingAddress }>({ intent: "prepare" });
      if (!prepared) return;
      if (!prepared.ok) return stop("unavailable");
      const authorization = await payLaterPanel.current!.authorize(type, prepared.billing_address);
      // Not approved: loading just stops (spec §4). Klarna's show_form false also hides the choice.
      if (!authorization.approved || !authorization.authorization_token) return stop("denied");
      chargeWith({ method: type, authorization_token: authorization.authorization_token });
    } catch {
      stop("unavailable");
    }
  }

  /** Spec §4 "Card payment": the drop-in's nonce (3-D Secure with billing data), then the charge. */
  async function dropInFlow() {
    setProcessing(true);
    setCardNote(false);
    try {
      const { nonce, paymentType } = await dropIn.current!.requestPayment();
      chargeWith({ method: "card", nonce, payment_type: paymentType });
    } catch {
      setProcessing(false);
      busy.current = false;
      setCardNote(true);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // One payment per click: a second submit while the first is on its way is dropped.
    if (busy.current) return event.preventDefault();
    busy.current = true;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const method = submitter?.name === "express" ? "pay_later" : selected;
    if (method && isPayLaterMethod(method)) {
      event.preventDefault();
      if (method !== selected) setSelected(method);
      void payLaterFlow(method);
    } else if (method === "card" && braintree) {
      event.preventDefault();
      void dropInFlow();
    }
    // Otherwise (a test card, or nothing chosen) the form posts as it is.
  }

  const closeModal = () => {
    setDismissed(actionData ?? null);
    payButtonRef.current?.focus();
  };
  const openBilling = () => {
    setDismissed(actionData ?? null);
    setEditingBilling(true);
    requestAnimationFrame(() => {
      const panel = billingPanel.current;
      if (!panel) return;
      panel.scrollIntoView({ block: "start" });
      // A customer already typing in the panel keeps their field; otherwise start at its first one.
      if (panel.contains(document.activeElement)) return;
      (panel.querySelector("input:not([type=hidden])") as HTMLInputElement | null)?.focus();
    });
  };

  const cardChoice = (id: string) => (
    <label key={id} className="flex items-center gap-3 rounded border border-line/20 p-3 has-[:checked]:border-primary has-[:checked]:bg-surface">
      <input type="radio" name="method" value={id} className="h-5 w-5" checked={selected === id} onChange={() => undefined} onClick={() => toggle(id as PaymentMethodValue)} />
      <span>{t(`booking-checkout.payment.options.${id}`)}</span>
    </label>
  );

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
            <button type="submit" name="express" value="pay_later" disabled={paying} className="mt-3 w-full rounded border-2 border-primary px-5 py-2 font-semibold">
              {t("payment.express.button")}
            </button>
          </div>
        ) : null}

        <fieldset disabled={paying} aria-describedby={methodMissing ? "method-error" : undefined}>
          <legend className="text-xl font-bold">{t("booking-checkout.payment.methodLegend")}</legend>
          {methodMissing ? (
            <p id="method-error" role="alert" className="mt-2 font-medium text-danger" data-testid="method-error">
              {t("booking.toasts.paymentMethodRequired")}
            </p>
          ) : null}
          <fieldset className="mt-3" data-testid="card-panel">
            <legend className="text-lg font-bold">{t("payment.card.title")}</legend>
            {braintree ? (
              <>
                <label className="mt-2 flex items-center gap-3 rounded border border-line/20 p-3 has-[:checked]:border-primary has-[:checked]:bg-surface">
                  <input type="radio" name="method" value="card" className="h-5 w-5" checked={selected === "card"} onChange={() => undefined} onClick={() => toggle("card")} />
                  <span>{t("payment.card.label")}</span>
                </label>
                {/* Always shown: Braintree's card frames must not be created hidden. A card or PayPal account ready to pay chooses the card. */}
                <div className="mt-3">
                  <BraintreeDropIn
                    ref={dropIn}
                    clientToken={card.clientToken}
                    totalMinor={total}
                    currency={page.currency}
                    countryCode={page.countryCode}
                    threeDSecure={card.threeDSecure}
                    billing={page.dropInBilling}
                    onRequestableChange={(requestable) => {
                      if (requestable) setSelected("card");
                    }}
                  />
                </div>
              </>
            ) : (
              <>
                <p id="sandbox-note" className="mt-1 text-sm">
                  {t("booking-checkout.payment.sandboxNote")}
                </p>
                <div className="mt-3 space-y-2">{card.sandboxOptions.map(cardChoice)}</div>
              </>
            )}
            {cardNote ? (
              <p role="alert" className="mt-2 font-medium text-danger" data-testid="card-note">
                {t("booking.toasts.cardError")}
              </p>
            ) : null}
          </fieldset>
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
        <button ref={payButtonRef} type="submit" disabled={paying} className="mt-6 w-full rounded bg-primary px-5 py-3 text-lg font-semibold text-on-primary" data-testid="pay-button">
          {t(buttonLabelKey, { amount: format(total) })}
        </button>
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
        <PaymentErrorDialog
          items={paymentErrorModal(error)}
          messages={[inlineErrorText(error, t)]}
          onRetry={closeModal}
          onUpdateBilling={openBilling}
        />
      ) : null}
      {errorModal === "out-of-warranty" ? <OutOfWarrantyDialog /> : null}
    </section>
  );
}
