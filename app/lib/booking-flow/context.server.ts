import { data, redirect, type Session } from "@remix-run/node";
import { getEngine } from "~/booking.server";
import type { Carrier, Locale } from "~/content/schemas";
import { commitSession, getSession, hasSessionCookie, type SessionData } from "~/lib/session.server";
import { toast, type Toast } from "~/lib/toast";
import { flashToast as addToastCookie } from "~/lib/toast.server";
import { requireTenant } from "~/tenant/tenant.server";
import { inStoreColleague } from "~/lib/staff/in-store.server";
import type { StaffAccount } from "~/lib/staff/permissions";
import type { BookingState, Engine } from "~/booking.server";
import { fieldKey, pageText, toastOf, type Behaviour, type ErrorBody, type Place, type ShownText } from "~/lib/errors/error-table";
import type { PageBehaviour } from "~/lib/errors/field-texts";
import { errorBody, handleError } from "~/lib/errors/errors.server";

export type BookingSession = Session<SessionData>;

export interface BookingRequestContext {
  carrier: Carrier;
  locale: Locale;
  engine: Engine;
  session: BookingSession;
  /** Whether the request came with a session cookie: one that is now empty must still be cleared. */
  sessionCookieSent: boolean;
  booking: BookingState | null;
  /** The toast this response flashes (its own cookie, ADR 066), added by `withSession`. */
  toast: Toast | null;
  /** Where a booking starts for this carrier: address search when its address-lookup switch is on. */
  startPath: string;
  /** The store colleague booking for a customer (in-store mode, ADR 101), from the staff session only. */
  colleague: StaffAccount | null;
  /** The colleague's renewed staff cookie, sent with this response (ADR 096 idle timeout). */
  staffCookie: string | null;
}

export function startPathFor(carrier: Carrier): string {
  return carrier.addressLookup ? "/booking/address-search" : "/booking/postcode-search";
}

/** The carrier, the engine, the session and the visitor's booking (null when there is none or it is gone). */
export async function loadBookingContext(request: Request): Promise<BookingRequestContext> {
  const [{ carrier, locale }, session, engine] = await Promise.all([requireTenant(request), getSession(request), getEngine()]);
  const inStore = await inStoreColleague(request, carrier);
  const reference = session.get("bookingRef");
  let booking: BookingState | null = null;
  if (reference) {
    try {
      booking = await engine.getBooking(carrier, reference, { locale });
    } catch (error) {
      if (handleError(error, "booking.session").behaviour.clearBooking) session.unset("bookingRef");
    }
  }
  return { carrier, locale, engine, session, sessionCookieSent: hasSessionCookie(request), booking, toast: null, startPath: startPathFor(carrier), colleague: inStore?.account ?? null, staffCookie: inStore?.setCookie ?? null };
}

/** The booking channel of a booking a colleague makes in store. */
export const IN_STORE_CHANNEL = "in-store";

/** The visitor's booking, built on first need (spec §4: "Build the booking, then check the postcode"). */
export async function ensureBooking(context: BookingRequestContext, input: { referrer?: string; channel?: string } = {}): Promise<BookingState> {
  if (context.booking && context.booking.checkout_status !== "SUCCESS") return context.booking;
  const built = await context.engine.buildBooking(context.carrier, { channel: input.channel ?? (context.colleague ? IN_STORE_CHANNEL : "web"), referrer: input.referrer });
  context.session.set("bookingRef", built.reference);
  context.booking = await context.engine.getBooking(context.carrier, built.reference, { locale: context.locale });
  return context.booking;
}

/**
 * The response's cookies: the booking session (which also keeps its 30 days rolling) and a flashed
 * toast. A visitor who has no booking and sent no session cookie gets none: an empty session says
 * nothing, and a page without cookies is the same for every first visitor (the render cache, ADR 089).
 */
export async function withSession(context: BookingRequestContext, init: ResponseInit = {}): Promise<ResponseInit> {
  const headers = new Headers(init.headers);
  if (context.session.has("bookingRef") || context.sessionCookieSent) headers.append("Set-Cookie", await commitSession(context.session));
  if (context.staffCookie) headers.append("Set-Cookie", context.staffCookie);
  if (context.toast) await addToastCookie(headers, context.toast);
  return { ...init, headers };
}

export async function redirectWithSession(context: BookingRequestContext, to: string): Promise<Response> {
  return redirect(to, await withSession(context));
}

/**
 * An engine error an action keeps on the page, with the text the page shows for it (`pageText`),
 * resolved here so the step's browser code needs no copy of the §8 table.
 */
export interface ActionError extends ErrorBody {
  shown: ShownText;
  /** How the §8 table shows it on the page (under the fields, in which modal), so the browser needs no copy of the table. */
  behaviour: PageBehaviour;
  /** Each field message's i18n key (null: the engine's message as it came), looked up here for the same reason. */
  fieldKeys: Record<string, (string | null)[]>;
}

/** The i18n key of each field message, by its code (null: the engine's message shows as it came). */
export function fieldKeysOf(fieldCodes: Record<string, string[]> | undefined): Record<string, (string | null)[]> {
  return Object.fromEntries(Object.entries(fieldCodes ?? {}).map(([name, codes]) => [name, codes.map((code) => fieldKey(code))]));
}

export function pageBehaviour({ show, modal, key }: Behaviour): PageBehaviour {
  return { show, ...(modal ? { modal } : {}), ...(key ? { key } : {}) };
}

/**
 * Maps an engine error to the spec's behaviour (§8) through the one table (lib/errors/error-table.ts)
 * at `place`: a toast (flashed with the response) and, where the table says so, a redirect. Errors the
 * table keeps on the page come back as `{ error }` with status 400 for the form to show inline.
 * Anything that is not a domain error, or not expected at the place, is rethrown (500, the error page).
 */
export async function bookingErrorResponse(context: BookingRequestContext, thrown: unknown, place: Place = "booking") {
  const { error, behaviour } = handleError(thrown, place);
  const body: ActionError = {
    ...errorBody(error),
    shown: pageText(behaviour, error.messages, context.locale),
    behaviour: pageBehaviour(behaviour),
    fieldKeys: fieldKeysOf(error.fieldCodes),
  };
  if (behaviour.show === "toast") {
    const shown = toastOf(behaviour, error.messages, context.locale);
    context.toast = toast({ type: "error", ...(shown.key ? { key: shown.key } : { message: shown.text }), durationMs: shown.durationMs });
  }
  if (behaviour.clearBooking) context.session.unset("bookingRef");
  if (behaviour.redirect) {
    return redirectWithSession(context, behaviour.redirect === "start" ? context.startPath : behaviour.redirect);
  }
  return data({ error: body }, await withSession(context, { status: 400 }));
}

/** A success toast for the next page the visitor sees. */
export function flashToast(context: BookingRequestContext, key: string, params?: Record<string, string | number>) {
  context.toast = toast({ type: "success", key, params });
}
