import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { actionErrorKey } from "~/booking-flow/checkout/action-errors";
import { loadCheckoutStep, throwLoaderError } from "~/booking-flow/checkout/checkout-step.server";
import { stepMeta } from "~/booking-flow/checkout/meta";
import { completionPath, payButton, paymentFormSchema, sandboxPaymentOptions } from "~/booking-flow/checkout/payment";
import { bookingErrorResponse, redirectWithSession, withSession } from "~/booking-flow/booking.server";
import { DomainError } from "~/booking.server";
import { toast } from "~/lib/session.server";
import { OutOfWarrantyDialog } from "~/components/booking/checkout/out-of-warranty-dialog";
import { ProcessingOverlay } from "~/components/booking/checkout/processing-overlay";
import { useActionAnswer, useMoney } from "~/components/booking/checkout/use-booking-layout";

export const meta = stepMeta("booking-checkout.payment.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  // Nothing to pay, or not ready to pay: checkout confirms it or says what is missing.
  if (completionPath(booking) !== "payment") throw redirect("/booking/checkout", await withSession(context));
  let tokens;
  try {
    const report = await context.engine.validateBooking(context.carrier, booking.reference);
    if (!report.valid) throw redirect("/booking/checkout", await withSession(context));
    tokens = await context.engine.generateBillingTokens(context.carrier, booking.reference);
  } catch (error) {
    if (error instanceof Response) throw error;
    return throwLoaderError(context, error);
  }
  const button = payButton(context.carrier);
  return data(
    {
      total: booking.totals.cart_total,
      options: sandboxPaymentOptions(context.carrier).map((option) => option.id),
      buttonLabelKey: button.labelKey,
      buttonInfoKey: button.infoKey,
      // For the card drop-in of issue 5; the offline form does not need it.
      clientToken: tokens.card_client_token,
      inStore: Boolean(booking.store_code),
      locale: context.locale,
    },
    await withSession(context),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { context, booking } = await loadCheckoutStep(request);
  const options = sandboxPaymentOptions(context.carrier);
  const parsed = paymentFormSchema(options).safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    context.session.flash("toast", toast({ type: "error", key: "booking.toasts.paymentMethodRequired" }));
    return data({ methodMissing: true as const }, await withSession(context, { status: 400 }));
  }
  const option = options.find((candidate) => candidate.id === parsed.data.method)!;
  try {
    // The engine derives the charge's idempotency key from the booking and the amount (ADR 014),
    // so a form posted twice charges once.
    await context.engine.charge(context.carrier, booking.reference, {
      currency: context.carrier.currency,
      token: option.nonce,
      payment_type: option.paymentType,
      paid_via_credit: false,
      expected_total: parsed.data.expected_total,
    });
  } catch (error) {
    // BK07 here means a duplicate submission found the order the first one completed: that is success.
    if (error instanceof DomainError && error.code === "BK07") return redirectWithSession(context, "/booking/complete");
    const response = await bookingErrorResponse(context, error);
    if (response instanceof Response) return response;
    return data({ error: response.data.error }, response.init ?? undefined);
  }
  return redirectWithSession(context, "/booking/complete");
}

/** Every answer of the payment action flashed a toast (a missing method or a payment error). */
const alwaysToasted = () => true;

export default function PaymentPage() {
  const { total, options, buttonLabelKey, buttonInfoKey, inStore, locale } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer(useActionData<typeof action>(), alwaysToasted);
  const navigation = useNavigation();
  const format = useMoney();
  const { t } = useTranslation();
  const submitted = useRef(false);
  const paying = navigation.state !== "idle" && navigation.formAction === "/booking/payment";
  if (navigation.state === "idle") submitted.current = false;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const methodMissing = Boolean(actionData && "methodMissing" in actionData);

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

      {error && error.code !== "RBK15" ? (
        <div role="alert" className="mt-6 rounded-xl border-l-4 border-[#a4161a] bg-[#fdecec] p-4 text-[#5c0b0e]" data-testid="payment-error">
          <h2 className="text-lg font-bold">{t("booking-checkout.payment.errorTitle")}</h2>
          <p className="mt-1">{error.code === "PAYMENT_IN_PROGRESS" ? t("booking-checkout.payment.inProgress") : actionErrorKey(error, t, locale)}</p>
          <a href="#payment-form" className="mt-2 inline-block font-semibold underline">
            {t("booking-checkout.payment.retry")}
          </a>
        </div>
      ) : null}

      <Form
        method="post"
        id="payment-form"
        className="mt-6"
        onSubmit={(event) => {
          // One payment per click: a second submit while the first is on its way is dropped.
          if (submitted.current) event.preventDefault();
          submitted.current = true;
        }}
      >
        <input type="hidden" name="expected_total" value={total} />
        <fieldset disabled={paying} aria-describedby={methodMissing ? "method-error" : "sandbox-note"}>
          <legend className="text-xl font-bold">{t("booking-checkout.payment.methodLegend")}</legend>
          <p id="sandbox-note" className="mt-1 text-sm">
            {t("booking-checkout.payment.sandboxNote")}
          </p>
          {methodMissing ? (
            <p id="method-error" role="alert" className="mt-2 font-medium text-[#a4161a]" data-testid="method-error">
              {t("booking.toasts.paymentMethodRequired")}
            </p>
          ) : null}
          <div className="mt-3 space-y-2">
            {options.map((id) => (
              <label key={id} className="flex items-center gap-3 rounded border border-black/20 p-3 has-[:checked]:border-primary has-[:checked]:bg-surface">
                <input type="radio" name="method" value={id} className="h-5 w-5" />
                <span>{t(`booking-checkout.payment.options.${id}`)}</span>
              </label>
            ))}
          </div>
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
        <button type="submit" disabled={paying} className="mt-6 w-full rounded bg-primary px-5 py-3 text-lg font-semibold text-on-primary" data-testid="pay-button">
          {t(buttonLabelKey, { amount: format(total) })}
        </button>
        {buttonInfoKey ? (
          <p className="mt-2 text-sm" data-testid="pay-info">
            {t(buttonInfoKey)}
          </p>
        ) : null}
      </Form>

      {paying ? <ProcessingOverlay /> : null}
      {error?.code === "RBK15" ? <OutOfWarrantyDialog /> : null}
    </section>
  );
}
