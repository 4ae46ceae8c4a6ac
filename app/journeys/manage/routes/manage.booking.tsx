import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { geocodeText, payloadFromFullAddress } from "~/lib/full-address";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAX_PROOF_BYTES, type AvailabilityDay } from "~/booking.server";
import { CancelModal } from "~/journeys/manage/components/cancel-modal";
import { ChangeAddressModal, type AddressModalState } from "~/journeys/manage/components/change-address-modal";
import { ChangeDateModal, type DateModalState } from "~/journeys/manage/components/change-date-modal";
import { ImeiHelpModal } from "~/journeys/manage/components/imei-help-modal";
import { ManageBookingBanner } from "~/components/manage-booking-banner";
import { OrderOverview } from "~/journeys/manage/components/order-overview";
import { mailInAddressLines } from "~/lib/booking-flow/mail-in";
import { csrfTokenMatches, CSRF_FIELD, newCsrfToken } from "~/lib/http/csrf.server";
import { queryContainer, queryText, requestError } from "~/lib/http/form.server";
import { ADDRESS_INVALID_KEY, ADDRESS_LIST_INVALID_KEY, UNSUPPORTED_CHARACTERS_KEY } from "~/lib/http/unsupported-characters";
import { cancelPhrase } from "~/journeys/manage/cancel-phrase";
import { cancelBooking } from "~/journeys/manage/changes/cancel.server";
import { readManageForm, text, type ChangePost } from "~/journeys/manage/changes/change.server";
import { changeBookingAddress } from "~/journeys/manage/changes/change-address.server";
import { changeBookingDate } from "~/journeys/manage/changes/change-date.server";
import { addDeviceImei } from "~/journeys/manage/changes/imei.server";
import { proofTooLarge, proofTooLargeResult, uploadProof } from "~/journeys/manage/changes/proof.server";
import { PROOF_PROBLEM_PARAM, PROOF_TOO_LARGE, PROOF_TOO_LARGE_TOLD } from "~/lib/http/proof-problem";
import { flashToast } from "~/lib/toast.server";
import { addDays, dayPages, DAYS_PER_PAGE, MAX_DAY_PAGES, reasonIsEnough } from "~/journeys/manage/change-date";
import type { ShownText } from "~/lib/errors/error-table";
import { manageBookingPath, parseLookup, trackingPath, type LookupForm } from "~/lib/order-access/lookup-form";
import {
  failureInit,
  findOrder,
  loadedLookup,
  loadManageContext,
  manageFailure,
  manageDocumentHeaders,
  manageHeaders,
  rememberOrder,
  type ManageActionResult,
  type ManageContext,
} from "~/lib/order-access/manage.server";
import { parseLookupLink } from "~/lib/order-access/lookup-link.server";
import { manageOrder, type ManageOrder } from "~/journeys/manage/order-view";
import { titleMeta } from "~/i18n/meta";

/** Refused posts and other errors show inside the carrier's frame (ADR 054). */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-content";

export const headers: HeadersFunction = (args) => manageDocumentHeaders(args);

export const handle = { liveChat: true, i18n: ["manage", "manage-lookup", "booking", "booking-device"] };

export const meta: MetaFunction = titleMeta("manage.title");

type ModalState = { name: "cancel"; step: "confirm" | "phrase"; phrase: string } | DateModalState | AddressModalState | { name: "imei-help"; kind: "imei" | "serial" } | null;

/* ───────────── loader ───────────── */

async function loadDays(ctx: ManageContext, lookup: LookupForm, pages: number): Promise<{ days: AvailabilityDay[]; more: boolean }> {
  const days: AvailabilityDay[] = [];
  let start: string | undefined;
  let last: AvailabilityDay[] = [];
  for (let page = 0; page < pages; page++) {
    last = await ctx.engine.orders.orderAvailability(ctx.carrier, lookup, { start_date: start, days_to_load: DAYS_PER_PAGE });
    days.push(...last);
    if (last.length < DAYS_PER_PAGE) break;
    start = addDays(last[last.length - 1]!.date, 1);
  }
  return { days, more: pages < MAX_DAY_PAGES && last.length === DAYS_PER_PAGE };
}

async function addressModal(ctx: ManageContext, params: URLSearchParams, order: ManageOrder): Promise<AddressModalState> {
  const searchHidden = ctx.carrier.hidePostcodeSearchOnAddressChange;
  // A control character in the search: the field's error, the text kept without it, no search (ADR 231).
  const { value: typed, refused: textRefused } = queryText(params, "q");
  const query = typed.trim().slice(0, 200);
  // The container comes from a suggestion's link: one that is not a provider's id is the search's error, no search.
  const opened = queryContainer(params);
  const container = opened.value;
  // So does the picked suggestion's id: one that is not a provider's id is the search's error, nothing retrieved.
  const picked = queryContainer(params, "pick");
  const pick = picked.value;
  const queryRefused = textRefused || opened.refused !== null || picked.refused !== null;
  const searchError =
    textRefused || opened.refused === "characters" || picked.refused === "characters"
      ? UNSUPPORTED_CHARACTERS_KEY
      : opened.refused
        ? ADDRESS_LIST_INVALID_KEY
        : picked.refused
          ? ADDRESS_INVALID_KEY
          : null;
  const suggestions = !searchHidden && query && !queryRefused ? await ctx.engine.coverage.findAddresses(ctx.carrier, { text: query, container }).catch(() => []) : null;
  let initial: AddressModalState["initial"] = { ...order.address, latitude: "", longitude: "" };
  if (!searchHidden && pick) {
    const full = await ctx.engine.coverage.retrieveAddress(ctx.carrier, pick).catch(() => null);
    if (full) {
      // Lines 1–3, the town (post town, county) as the booking address keeps them (ADR 132).
      const payload = payloadFromFullAddress(full, null);
      const point = await ctx.engine.coverage.geocodeAddress(ctx.carrier, geocodeText(payload)).catch(() => null);
      initial = {
        line_1: payload.line_1,
        line_2: payload.line_2,
        town: payload.town,
        postcode: payload.postcode,
        latitude: point ? String(point.latitude) : "",
        longitude: point ? String(point.longitude) : "",
      };
    }
  }
  return { name: "address", searchHidden, query, queryRefused, searchError, container, suggestions, picked: !!pick, initial };
}

async function modalState(ctx: ManageContext, params: URLSearchParams, lookup: LookupForm, order: ManageOrder): Promise<ModalState> {
  const name = params.get("modal");
  const booked = order.status === "BOOKED";
  if (name === "imei-help") return { name, kind: params.get("kind") === "serial" ? "serial" : "imei" };
  if (!booked) return null;
  // Inside the 24 hours (ADR 250, 251): cancelling with the fee, the date only where the carrier allows late moves, the address not.
  if (name === "cancel" && order.canCancelOnline) return { name, step: params.get("step") === "phrase" ? "phrase" : "confirm", phrase: cancelPhrase(ctx.locale) };
  // A repair by post has no visit (ADR 140): no date or address to change, only cancelling.
  if (order.mailIn) return null;
  if (name === "address" && order.canChangeOnline) return addressModal(ctx, params, order);
  if (name === "date" && order.canChangeDateOnline) {
    // A control character in the reason: its error, the reason kept without it, no days (ADR 231).
    const { value: reason, refused: reasonRefused } = queryText(params, "reason");
    if (reasonRefused || !reasonIsEnough(reason)) return { name, reason, reasonShort: !reasonRefused && params.has("reason"), reasonRefused, days: null, more: false, pages: 1 };
    const pages = dayPages(params.get("pages"));
    const { days, more } = await loadDays(ctx, lookup, pages);
    return { name, reason, reasonShort: false, reasonRefused: false, days, more, pages };
  }
  return null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  const url = new URL(request.url);
  const parsed = parseLookupLink(url.searchParams);
  // A control character in the link: the lookup form with that field's error, the other value kept (ADR 231).
  if (!parsed.ok && parsed.refused)
    return data({ kind: "lookup-failed" as const, values: parsed.values, errors: parsed.errors, alert: null }, { status: 400, headers: manageHeaders() });
  if (!parsed.ok) {
    const remembered = loadedLookup(ctx);
    if (remembered && !url.searchParams.has("order_ref") && !url.searchParams.has("email")) throw redirect(manageBookingPath(remembered));
    throw redirect("/manage");
  }
  const lookup = parsed.lookup;
  if (url.searchParams.get(PROOF_PROBLEM_PARAM) === PROOF_TOO_LARGE) {
    // Sent back by the request guard (ADR 232): the problem toast as for any refused upload (spec §4), then the page once more (ADR 241).
    flashToast({ type: "error", key: "manage.toasts.proofProblem" });
    url.searchParams.set(PROOF_PROBLEM_PARAM, PROOF_TOO_LARGE_TOLD);
    throw redirect(`${url.pathname}?${url.searchParams}`, { headers: manageHeaders() });
  }
  let found;
  try {
    found = await findOrder(ctx, lookup);
  } catch (error) {
    const failure = manageFailure(ctx, error, "lookup");
    return data({ kind: "lookup-failed" as const, values: lookup, errors: {}, alert: failure.message as ShownText }, await failureInit(ctx, error));
  }
  const booking = await ctx.engine.basket.getBooking(ctx.carrier, found.reference, { locale: ctx.locale }).catch(() => null);
  const order = manageOrder(found, booking, mailInAddressLines(ctx.carrier));
  rememberOrder(ctx, lookup);
  const modal = await modalState(ctx, url.searchParams, lookup, order).catch(() => null);
  const refusedQuery = (modal?.name === "date" && modal.reasonRefused) || (modal?.name === "address" && modal.queryRefused);
  return data(
    {
      kind: "order" as const,
      lookup,
      order,
      modal,
      trackingPath: trackingPath(lookup),
      money: { currency: ctx.carrier.currency, countryCode: ctx.carrier.countryCode },
      phone: ctx.carrier.phone,
      timezone: ctx.carrier.timezone,
      maxProofBytes: MAX_PROOF_BYTES,
      csrf: csrfToken(ctx),
      // A proof of purchase over the limit posted without JavaScript, sent back here by the request guard (ADR 232).
      proofProblem: url.searchParams.get(PROOF_PROBLEM_PARAM) === PROOF_TOO_LARGE_TOLD ? proofTooLargeResult(url) : null,
    },
    { status: refusedQuery ? 400 : 200, headers: manageHeaders() },
  );
}

/* ───────────── action ───────────── */

/** The session's CSRF token, issued on the first page view (ADR 055). */
function csrfToken(ctx: ManageContext): string {
  const current = ctx.manageSession.get("csrf");
  if (current) return current;
  const token = newCsrfToken();
  ctx.manageSession.set("csrf", token);
  return token;
}

/** Every post of this page changes the booking. */
const CHANGES = new Set(["cancel", "change-date", "change-address", "imei", "proof"]);

/** Reads the lookup and the form, checks the CSRF token, and hands the post to its change's module (ADR 162). */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await loadManageContext(request, context);
  const url = new URL(request.url);
  const form = await readManageForm(request);
  const fromFormOrUrl = (name: string) => (form instanceof FormData && form.get(name)) || url.searchParams.get(name);
  const parsed = parseLookup({ get: fromFormOrUrl });
  if (!parsed.ok) throw redirect("/manage");
  const lookup = parsed.lookup;

  if (form === "too-large") return proofTooLarge(ctx, url);

  const intent = text(form, "intent");
  if (CHANGES.has(intent) && !csrfTokenMatches(ctx.manageSession.get("csrf"), form.get(CSRF_FIELD))) throw requestError("CSRF");
  const post: ChangePost = { ctx, lookup, form };
  switch (intent) {
    case "cancel":
      return cancelBooking(post);
    case "change-date":
      return changeBookingDate(post);
    case "change-address":
      return changeBookingAddress(post);
    case "imei":
      return addDeviceImei(post);
    case "proof":
      return uploadProof(post);
  }
  throw new Response("Unknown action", { status: 400 });
}

/* ───────────── page ───────────── */

export default function ManageBookingPage() {
  const page = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ManageActionResult | undefined;
  const { t } = useTranslation();
  if (page.kind === "lookup-failed") {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold">{t("manage.title")}</h1>
        <ManageBookingBanner key={JSON.stringify(page.values)} values={page.values} errors={page.errors} alert={page.alert} />
      </div>
    );
  }
  const { order, lookup, modal } = page;
  const result = posted ?? (page.proofProblem as ManageActionResult | null) ?? undefined;
  const closeHref = manageBookingPath(lookup);
  const dateResult = result?.intent === "date" ? result : undefined;
  // The new day stays on screen after the change, even when the change put the booking inside the
  // 24-hour window and the page no longer offers changes (a move to tomorrow).
  const dateModal: DateModalState | null =
    modal?.name === "date" ? modal : dateResult?.ok ? { name: "date", reason: "", reasonShort: false, reasonRefused: false, days: null, more: false, pages: 1 } : null;
  return (
    <div
      className="mx-auto max-w-4xl px-4 py-10"
      data-testid="manage-booking"
      data-change-deadline={order.changeDeadline}
      data-order-status={order.status}
      data-order-state={order.state}
    >
      <h1 className="text-3xl font-bold">{t("manage.title")}</h1>
      <OrderOverview
        order={order}
        lookup={lookup}
        trackingPath={page.trackingPath}
        money={page.money}
        phone={page.phone}
        timezone={page.timezone}
        maxProofBytes={page.maxProofBytes}
        result={result}
      />
      {modal?.name === "cancel" ? (
        <CancelModal lookup={lookup} state={modal} quote={order.cancelQuote} money={page.money} closeHref={closeHref} result={result?.intent === "cancel" ? result : undefined} />
      ) : null}
      {dateModal ? <ChangeDateModal lookup={lookup} state={dateModal} currentDate={order.date} closeHref={closeHref} result={dateResult} /> : null}
      {modal?.name === "address" ? <ChangeAddressModal lookup={lookup} state={modal} closeHref={closeHref} result={result?.intent === "address" ? result : undefined} /> : null}
      {modal?.name === "imei-help" ? <ImeiHelpModal kind={modal.kind} closeHref={closeHref} /> : null}
    </div>
  );
}
