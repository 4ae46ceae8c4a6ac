import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useColleagueWording } from "~/lib/booking-flow/use-colleague-wording";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { HaveBookingCode } from "~/journeys/location/components/have-booking-code";
import { useTranslation } from "react-i18next";
import { bookingErrorResponse, ensureBooking, loadBookingContext, openBooking, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import { LONG_TOAST_MS, firstMessageText, type ShownText } from "~/lib/errors/error-table";
import { PostcodeErrorModal } from "~/journeys/location/components/postcode-error-modal";
import { nextAfter } from "~/journeys/location/next-step";
import { isBusinessAccount, parsePostcodeForm, POSTCODE_INVALID, refusedPostcodeOutcome } from "~/journeys/location/postcode-form";
import { handleError } from "~/lib/errors/errors.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { readBusinessCookie } from "~/lib/cookies.server";
import { readForm, refusedFields } from "~/lib/http/form.server";
import { UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { titleMeta } from "~/i18n/meta";
import { LOCATION_NAMESPACES } from "~/i18n/namespaces";
import { flashToast } from "~/lib/toast.server";
import { TooManyAttemptsError } from "~/booking.server";

export const handle = { i18n: LOCATION_NAMESPACES };

export const meta: MetaFunction = titleMeta("booking-location.postcode.title");

interface PostcodeView {
  business: boolean;
  /** A confirm-only carrier's customers mostly come with a booking code (ADR 102). */
  confirmOnly?: boolean;
  value: string;
  /** A malformed postcode: the inline message under the field. */
  errorKey: string | null;
  /** A well-formed postcode the server refused: its first message, for the error modal (ADR 126). */
  refused?: ShownText | null;
  /** Too many drafts from this client (ADR 192): 429, with the seconds until the next one can be built. */
  retryAfterSeconds?: number;
}

/** The view's status: 200 for the form, 400 for a postcode to correct, 429 when the draft limit is reached. */
function statusOf(view: PostcodeView): number {
  if (view.retryAfterSeconds) return 429;
  return view.errorKey || view.refused ? 400 : 200;
}

function viewInit(view: PostcodeView): ResponseInit {
  return { status: statusOf(view), ...(view.retryAfterSeconds ? { headers: { "Retry-After": String(view.retryAfterSeconds) } } : {}) };
}

/**
 * Checks the postcode and saves it on the visitor's booking, then goes to the next location or
 * device step. A visitor without a booking gets one only for a postcode an area covers (ADR 191): a
 * malformed or refused postcode writes nothing. A response when the page is left (the next step, the
 * repair-type redirect, the §8 behaviours); otherwise the form again with its inline error.
 */
async function submitPostcode(context: BookingRequestContext, raw: string, business: boolean): Promise<Response | PostcodeView> {
  const form = parsePostcodeForm(raw);
  if (!form.ok) return { business, value: raw, errorKey: form.errorKey };
  try {
    if (!openBooking(context)) await context.engine.coverage.checkPostcode(context.carrier, form.postcode);
    const booking = await ensureBooking(context);
    const saved = await context.engine.basket.setPostcode(context.carrier, booking.reference, {
      postcode: form.postcode,
      ...(business ? { is_business_account: true } : {}),
    });
    return redirect(nextAfter("address", context.carrier, saved, context.startPath));
  } catch (error) {
    const handled = handleError(error, "booking.postcode");
    const { behaviour } = handled;
    if (handled.error instanceof TooManyAttemptsError) {
      return { business, value: raw, errorKey: behaviour.key ?? null, retryAfterSeconds: handled.error.retryAfterSeconds };
    }
    if (behaviour.show === "field" || behaviour.show === "modal") {
      // Spec §5: the server's first message, in the page's language (a malformed postcode: the inline text).
      const shown = firstMessageText(behaviour, handled.error, context.locale);
      if (refusedPostcodeOutcome(context.carrier) === "repair-type") {
        flashToast({ type: "error", ...(shown.key ? { key: shown.key } : { message: shown.text }), durationMs: LONG_TOAST_MS });
        return redirect("/booking/repair-type");
      }
      if (behaviour.show === "modal") return { business, value: raw, errorKey: null, refused: shown };
      return { business, value: raw, errorKey: POSTCODE_INVALID };
    }
    const response = await bookingErrorResponse(context, error, "booking.postcode");
    if (response instanceof Response) return response;
    // §8 toasts the rest (flashed with the response); the form stays as it was.
    return { business, value: raw, errorKey: null };
  }
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await loadBookingContext(request, loadContext);
  const url = new URL(request.url);
  const business = isBusinessAccount(context.carrier, url, await readBusinessCookie(request));
  const fromLanding = url.searchParams.get("postcode");

  // Spec §2: postcode search redirects to address search when the carrier's address-lookup switch is on.
  if (context.carrier.addressLookup) {
    const params = new URLSearchParams();
    if (fromLanding) params.set("text", fromLanding);
    const type = url.searchParams.get("type");
    if (type) params.set("type", type);
    // The landing's attribution (ADR 135) goes along in its cookie.
    throw redirect(`/booking/address-search${params.size ? `?${params}` : ""}`);
  }

  // The landing hero submits its postcode here with a GET, without its spaces once the page is
  // interactive. Sent before that (or without JavaScript), the same address: one URL for one postcode.
  if (fromLanding !== null && /\s/.test(fromLanding)) {
    url.searchParams.set("postcode", fromLanding.replace(/\s+/g, ""));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }

  // Check the landing hero's postcode straight away.
  if (fromLanding !== null) {
    const outcome = await submitPostcode(context, fromLanding, business);
    if (outcome instanceof Response) throw outcome;
    return data(outcome, viewInit(outcome));
  }
  const booking = context.booking;
  const view: PostcodeView = {
    business,
    confirmOnly: context.carrier.confirmOnly && !context.colleague,
    value: booking && booking.checkout_status !== "SUCCESS" ? (booking.postcode ?? "") : "",
    errorKey: null,
  };
  return view;
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  const context = await loadBookingContext(request, loadContext);
  const form = await readForm(request, { textFields: ["postcode"] });
  const business =
    isBusinessAccount(context.carrier, new URL(request.url), await readBusinessCookie(request)) || (context.carrier.businessAccounts && form.get("type") === "business");
  // A pasted control character: the field's error, the postcode as typed without it (ADR 231).
  if (refusedFields(form).length) {
    const view: PostcodeView = { business, value: String(form.get("postcode") ?? ""), errorKey: UNSUPPORTED_CHARACTERS_KEY };
    return data(view, { ...viewInit(view), status: 400 });
  }
  const outcome = await submitPostcode(context, String(form.get("postcode") ?? ""), business);
  if (outcome instanceof Response) return outcome;
  return data(outcome, { ...viewInit(outcome), status: outcome.retryAfterSeconds ? 429 : 400 });
}

export default function PostcodeSearch() {
  const loaded = useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  const { t } = useTranslation();
  const wording = useColleagueWording();
  const result: PostcodeView = submitted ?? loaded;
  const business = loaded.business;
  return (
    <section aria-labelledby="postcode-title" className="mx-auto max-w-xl">
      <h1 id="postcode-title" className="text-3xl font-bold">
        {t("booking-location.postcode.title", wording)}
      </h1>
      <p className="mt-2">{t("booking-location.postcode.intro", wording)}</p>
      {business ? (
        <p className="mt-4 rounded bg-surface px-3 py-2 font-semibold" data-testid="business-account">
          {t("landing.businessAccount")}
        </p>
      ) : null}
      {loaded.confirmOnly ? <HaveBookingCode prominent /> : null}
      <Form method="post" noValidate className="mt-6 space-y-4">
        {business ? <input type="hidden" name="type" value="business" /> : null}
        <TextField
          id="postcode"
          name="postcode"
          label={t("landing.postcodeLabel")}
          placeholder={t("landing.postcodePlaceholder")}
          autoComplete="postal-code"
          defaultValue={result.value}
          error={result.errorKey ? t(result.errorKey) : null}
          size="lg"
          announceError
        />
        <SubmitButton pendingLabel={t("booking-location.postcode.checking")} size="lg">
          {t("booking-location.postcode.submit")}
        </SubmitButton>
      </Form>
      {loaded.confirmOnly ? null : <HaveBookingCode prominent={false} />}
      <PostcodeErrorModal refused={result.refused} />
    </section>
  );
}
