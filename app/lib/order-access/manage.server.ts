/**
 * Plumbing of the manage pages: the carrier, the engine (with the test clock of the request), the
 * flashed toast, the manage session (the loaded order) and the client's address for the
 * lookup throttle; and where engine errors become spec §8 behaviour on the manage pages (the one
 * table in lib/errors/error-table.ts).
 */
import { data, redirect, redirectDocument, type HeadersFunction, type Session } from "@remix-run/node";
import { DomainError, getRequestEngine, TooManyAttemptsError, type Engine, type OrderView } from "~/booking.server";
import { shownText, type Behaviour, type ShownText } from "~/lib/errors/error-table";
import { handleError } from "~/lib/errors/errors.server";
import type { Carrier, Locale } from "~/content/schemas";
import { flashToast } from "~/lib/toast.server";
import { responseScope } from "~/lib/http/response-scope.server";
import { requireTenant } from "~/tenant/tenant.server";
import { clientAddress } from "~/lib/client-address.server";
import { manageBookingPath, type LookupForm } from "./lookup-form";
import { manageSessionStorage, type ManageSessionData } from "./manage-session.server";

export interface ManageContext {
  carrier: Carrier;
  locale: Locale;
  engine: Engine;
  manageSession: Session<ManageSessionData>;
  clientAddress: string | null;
}

export async function loadManageContext(request: Request, loadContext: unknown): Promise<ManageContext> {
  const [{ carrier, locale }, engine, manageSession] = await Promise.all([
    requireTenant(request),
    getRequestEngine(request),
    // Committed with the answer when it changed (the response scope, ADR 163).
    responseScope().session(manageSessionStorage(), request),
  ]);
  return { carrier, locale, engine, manageSession, clientAddress: clientAddress(request, loadContext) };
}

/** The order loaded last on the manage page (spec §6: /manage/confirm requires one). */
export function loadedLookup(ctx: ManageContext): LookupForm | null {
  const orderRef = ctx.manageSession.get("orderRef");
  const email = ctx.manageSession.get("email");
  return orderRef && email ? { order_ref: orderRef, email } : null;
}

export function rememberOrder(ctx: ManageContext, lookup: LookupForm, lastChange?: ManageSessionData["lastChange"]) {
  if (ctx.manageSession.get("orderRef") !== lookup.order_ref || ctx.manageSession.get("email") !== lookup.email) {
    ctx.manageSession.set("orderRef", lookup.order_ref);
    ctx.manageSession.set("email", lookup.email);
    ctx.manageSession.unset("lastChange");
  }
  if (lastChange) ctx.manageSession.set("lastChange", lastChange);
}

/** Every manage answer: never stored by a cache (the response scope adds the session's and the toast's cookies). */
export function manageHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set("Cache-Control", "no-store");
  return headers;
}

export function subjectOf(ctx: ManageContext, email: string) {
  return { email, clientAddress: ctx.clientAddress };
}

/** The order behind the lookup throttle (ADR 031): a wrong e-mail or reference is counted. */
export function findOrder(ctx: ManageContext, lookup: LookupForm): Promise<OrderView> {
  return ctx.engine.orders.lookupOrderThrottled(ctx.carrier, lookup, { clientAddress: ctx.clientAddress });
}

/** Runs an order operation behind the lookup throttle. */
export function guarded<T>(ctx: ManageContext, lookup: LookupForm, operation: () => Promise<T>): Promise<T> {
  return ctx.engine.orders.withLookupThrottle(ctx.carrier, subjectOf(ctx, lookup.email), operation);
}

/** The manage page's forms; each is a place of the §8 table ("manage.<form>"). */
export type ManagePlace = "lookup" | "cancel" | "date" | "address" | "imei" | "proof";

/** How a failure shows: the lookup's red alert, inside the open modal, under the fields, or a toast (the modal closes). */
export type ManageShow = "alert" | "modal" | "field" | "toast";

export interface ManageFailure {
  code: string;
  place: ManagePlace;
  show: ManageShow;
  message: ShownText;
  /** Per-field server messages (VALIDATION), shown under the fields, with their field codes. */
  fields: Record<string, string[]>;
  fieldCodes: Record<string, string[]>;
  hideAfterMs: number | null;
}

function manageShow(behaviour: Behaviour): ManageShow {
  return behaviour.show === "alert" || behaviour.show === "modal" || behaviour.show === "field" ? behaviour.show : "toast";
}

/** What spec §8 says to do with an engine error at this place; anything not a domain error is a bug and rethrown. */
export function manageFailure(ctx: ManageContext, thrown: unknown, place: ManagePlace): ManageFailure {
  const { error, behaviour } = handleError(thrown, `manage.${place}`);
  return {
    code: error.code,
    place,
    show: manageShow(behaviour),
    message: shownText(behaviour, error.messages, ctx.locale, "manage.errors.generic"),
    fields: error.fields,
    fieldCodes: error.fieldCodes,
    hideAfterMs: behaviour.hideAfterMs ?? null,
  };
}

function statusOf(error: unknown): number {
  return error instanceof DomainError ? error.status : 500;
}

/**
 * The response for a failed manage action: a toast and back to the manage screen (the modal closes),
 * or to the lookup when the order is not the visitor's; otherwise the failure for the page to show
 * (modal, inline, alert) with the error's status.
 */
export async function manageErrorResponse(
  ctx: ManageContext,
  error: unknown,
  place: ManagePlace,
  lookup: LookupForm,
  extra: Omit<ManageActionResult, "ok" | "intent" | "failure"> = {},
) {
  const failure = manageFailure(ctx, error, place);
  const behaviour = handleError(error, `manage.${place}`).behaviour;
  if (failure.show === "toast") {
    flashToast({ type: "error", key: failure.message.key, message: failure.message.text, durationMs: behaviour.durationMs });
    return redirect(behaviour.redirect === "lookup" ? "/manage" : manageBookingPath(lookup), { headers: manageHeaders() });
  }
  return data({ ok: false, intent: place, failure, ...extra } satisfies ManageActionResult, await failureInit(ctx, error));
}

/** Status and headers for a failure the page shows itself (429 with Retry-After when throttled). */
export async function failureInit(ctx: ManageContext, error: unknown): Promise<ResponseInit> {
  const headers = manageHeaders();
  if (error instanceof TooManyAttemptsError) headers.set("Retry-After", String(error.retryAfterSeconds));
  const status = statusOf(error);
  return { status: status === 422 ? 400 : status, headers };
}

/** Spec §2: success navigates fully (a document request) to the manage screen. */
export async function toManageScreen(ctx: ManageContext, lookup: LookupForm) {
  rememberOrder(ctx, lookup);
  return redirectDocument(manageBookingPath(lookup), { headers: manageHeaders() });
}

/** What a manage action answers when it stays on the page (the forms read it). */
export interface ManageActionResult {
  ok: boolean;
  intent: ManagePlace;
  failure?: ManageFailure;
  /** The device the IMEI or proof answer is for. */
  deviceId?: number;
  /** Change date: the new day. */
  date?: string;
  /** Form field messages (i18n keys) from the web's own checks, and what was typed. */
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** A failure the web finds itself (the cancel phrase, a short reason), shown like the engine's. */
export function localFailure(place: ManagePlace, key: string, show: ManageShow = "modal"): ManageFailure {
  return { code: "VALIDATION", place, show, message: { key }, fields: {}, fieldCodes: {}, hideAfterMs: null };
}

/** The document keeps the loader's or action's Retry-After and Cache-Control (Remix passes on only Set-Cookie by itself). */
export const manageDocumentHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const name of ["Retry-After", "Cache-Control"]) {
      const value = source.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
