import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { bookingErrorResponse, loadBookingContext, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import { getRequestEngine } from "~/booking.server";
import { bookingTokenFrom, parseBookingCode } from "~/journeys/checkout/booking-code";
import { CodeScanner } from "~/journeys/checkout/components/code-scanner";
import { handleError } from "~/lib/errors/errors.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { queryText, readForm, refusedFields } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { titleMeta } from "~/i18n/meta";
import { CONTINUE_NAMESPACES } from "~/i18n/namespaces";

export const handle = { i18n: CONTINUE_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.continue.title");

interface ContinueView {
  value: string;
  errorKey: string | null;
  /** Opened from a link or QR code whose booking is there: one press goes on. */
  found?: boolean;
}

/**
 * bookingCompletionLanding (spec §2, §4 "Booking resume"): the booking code typed or scanned (the
 * text after the last '=') finds the booking by its token, which becomes the visitor's booking; on
 * to payment, whose loader validates it. The code is spent by this press (ADR 101, 102): a second
 * use, an expired code or another carrier's finds nothing. The lookup keeps its errors on the page
 * (§8: callers may bypass the toast handling).
 */
async function resume(request: Request, context: BookingRequestContext, raw: string): Promise<Response | ContinueView> {
  const form = parseBookingCode(new URLSearchParams({ code: raw }));
  if (!form.ok) return { value: raw, errorKey: form.errorKey };
  try {
    // The request's engine: a code's expiry follows the test clock (ADR 034) like the manage pages.
    const engine = await getRequestEngine(request);
    const booking = await engine.basket.redeemResumeToken(context.carrier, form.token, { locale: context.locale });
    context.session.set("bookingRef", booking.reference);
    return redirect(booking.checkout_status === "SUCCESS" ? "/booking/complete" : "/booking/payment");
  } catch (error) {
    const { behaviour } = handleError(error, "booking.continue");
    if (behaviour.show === "field" && behaviour.key) return { value: raw, errorKey: behaviour.key };
    const response = await bookingErrorResponse(context, error, "booking.continue");
    if (response instanceof Response) return response;
    return { value: raw, errorKey: "booking.errors.bookingError" };
  }
}

/**
 * A link or scanned code that opens this page carries its token. Opening it only looks the booking
 * up; the press on the page spends the code. A mail scanner or a link preview that fetches the link
 * first must not use up the customer's code (ADR 102). An empty or unknown code says so at once (§5).
 */
async function look(request: Request, context: BookingRequestContext, raw: string): Promise<ContinueView> {
  const form = parseBookingCode(new URLSearchParams({ code: raw }));
  if (!form.ok) return { value: raw, errorKey: form.errorKey };
  try {
    const engine = await getRequestEngine(request);
    await engine.basket.getBookingByToken(context.carrier, form.token, { locale: context.locale });
    return { value: form.token, errorKey: null, found: true };
  } catch (error) {
    const { behaviour } = handleError(error, "booking.continue");
    return { value: raw, errorKey: behaviour.show === "field" && behaviour.key ? behaviour.key : "booking.errors.bookingError" };
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const name = params.has("token") ? "token" : params.has("code") ? "code" : null;
  if (name !== null) {
    // A control character in the code: the field's error with the code kept without it (ADR 231).
    const code = queryText(params, name);
    if (code.refused) return data<ContinueView>({ value: code.value, errorKey: UNSUPPORTED_CHARACTERS_KEY }, { status: 400 });
    const context = await loadBookingContext(request);
    const view = await look(request, context, code.value);
    return data(view, { status: view.errorKey ? 400 : 200 });
  }
  const view: ContinueView = { value: "", errorKey: null };
  return view;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await loadBookingContext(request);
  const form = await readForm(request, { textFields: ["code"] });
  if (refusedFields(form).length) return data<ContinueView>({ value: String(form.get("code") ?? ""), errorKey: UNSUPPORTED_CHARACTERS_KEY }, { status: 400 });
  const outcome = await resume(request, context, String(form.get("code") ?? ""));
  if (outcome instanceof Response) return outcome;
  return data(outcome, { status: 400 });
}

export default function ContinueBooking() {
  const loaded = useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  const { t } = useTranslation();
  const view: ContinueView = submitted ?? loaded;
  const form = useRef<HTMLFormElement>(null);
  const codeField = () => form.current?.elements.namedItem("code") as HTMLInputElement | null;
  // A scanned code goes into the field and is sent, as if typed and pressed (the press spends it, ADR 102).
  const scanned = (text: string) => {
    const field = codeField();
    if (!field) return;
    field.value = bookingTokenFrom(text);
    form.current?.requestSubmit();
  };
  return (
    <section aria-labelledby="continue-title" className="mx-auto max-w-xl">
      <h1 id="continue-title" className="text-3xl font-bold">
        {t("booking-location.continue.title")}
      </h1>
      <p className="mt-2">{t("booking-location.continue.intro")}</p>
      {view.found ? (
        <p role="status" className="mt-4 rounded-lg bg-surface px-4 py-3 font-semibold" data-testid="booking-found">
          {t("booking-location.continue.ready")}
        </p>
      ) : null}
      <CodeScanner onCode={scanned} onFail={() => codeField()?.focus()} />
      <Form ref={form} method="post" noValidate className="mt-6 space-y-4" aria-label={t("booking-location.continue.formLabel")}>
        <TextField
          id="booking-code"
          name="code"
          label={t("booking-location.continue.codeLabel")}
          hint={t("booking-location.continue.codeHint")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          key={submitted?.value ?? ""}
          defaultValue={view.value}
          error={view.errorKey ? t(view.errorKey) : null}
          size="lg"
          announceError
        />
        <SubmitButton pendingLabel={t("booking-location.continue.finding")} size="lg">
          {t(view.found ? "booking-location.continue.proceed" : "booking-location.continue.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
