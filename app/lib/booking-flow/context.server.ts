import { data, redirect, type Session } from "@remix-run/node";
import { getRequestEngine } from "~/booking.server";
import type { Carrier, Locale } from "~/content/schemas";
import { getSession, type SessionData } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import { requireTenant } from "~/tenant/tenant.server";
import { inStoreColleague } from "~/lib/staff/in-store.server";
import type { StaffAccount } from "~/lib/staff/permissions";
import type { BookingState, Engine } from "~/booking.server";
import { fieldKey, pageText, toastOf, type Behaviour, type ErrorBody, type Place, type ShownText } from "~/lib/errors/error-table";
import type { PageBehaviour } from "~/lib/errors/field-texts";
import { errorBody, handleError } from "~/lib/errors/errors.server";
import { captureAttribution, type CapturedAttribution } from "~/lib/booking-flow/attribution.server";
import { referrerKey } from "~/lib/attribution-token";
import { clientAddress } from "~/lib/client-address.server";
import { currentResponseScope } from "~/lib/http/response-scope.server";

export type BookingSession = Session<SessionData>;

export interface BookingRequestContext {
  carrier: Carrier;
  locale: Locale;
  engine: Engine;
  /** The request's booking session: change it, the response scope commits it (ADR 163). */
  session: BookingSession;
  booking: BookingState | null;
  /** The session's booking was gone (BK01: purged, or ended elsewhere): the engine's error, for a step that needs a booking to say so (spec §8). */
  lostBooking: unknown;
  /** Where a booking starts for this carrier: address search when its address-lookup switch is on. */
  startPath: string;
  /** The store colleague booking for a customer (in-store mode, ADR 101), from the staff session only. */
  colleague: StaffAccount | null;
  /** The landing's referrer and Lucid reference (ADR 135): a booking built on this request takes them. */
  attribution: CapturedAttribution;
  /** The carrier as the CMS has it; `carrier` is it as the visitor's booking sees it (`carrierForBooking`). */
  siteCarrier: Carrier;
  /** The visitor's address, when the route passed its load context: the drafts it builds are limited per address (ADR 192). */
  clientAddress: string | null;
}

/** The make a referrer is offered alone (the carrier's `referrerMakes`, ADR 135), or null. */
export function referrerMake(carrier: Pick<Carrier, "referrerMakes">, referrer: string | null | undefined): number | null {
  return referrer ? (carrier.referrerMakes[referrerKey(referrer)] ?? null) : null;
}

/**
 * The carrier as the booking sees it (spec §5: "Only the single offered make is available for
 * certain carriers or the referrer of that make"): a booking built from the referrer of a make is
 * served like a single-make carrier of that make, in the web's steps and in the engine alike. A
 * single-make carrier keeps its own make.
 */
export function carrierForBooking(carrier: Carrier, booking: Pick<BookingState, "referrer"> | null): Carrier {
  if (carrier.singleMakeOnly || !booking) return carrier;
  const make = referrerMake(carrier, booking.referrer);
  return make === null ? carrier : { ...carrier, singleMakeOnly: true, singleMakeId: make };
}

export function startPathFor(carrier: Carrier): string {
  return carrier.addressLookup ? "/booking/address-search" : "/booking/postcode-search";
}

/**
 * The visitor's booking, read once per request (ADR 209): the booking frame's loader and the step's
 * loader run side by side and share the read. An engine operation that may write makes the request
 * forget it (app/booking.server.ts), so a loader after the visitor's own change reads it again.
 */
function readBooking(engine: Engine, carrier: Carrier, reference: string, locale: Locale): Promise<BookingState> {
  const load = () => engine.basket.getBooking(carrier, reference, { locale });
  const scope = currentResponseScope();
  return scope ? scope.read(`booking:${carrier.code}:${reference}:${locale}`, load) : load();
}

/**
 * The carrier, the engine, the session and the visitor's booking (null when there is none or it is
 * gone). The engine is the request's: where the test clock is allowed, the booking journey runs on
 * the clock cookie's time like manage and tracking (ADR 034), so a same-day booking can be tested at
 * a chosen time of day (ADR 110).
 */
export async function loadBookingContext(request: Request, loadContext?: unknown): Promise<BookingRequestContext> {
  const [{ carrier: siteCarrier, locale }, session, engine, attribution] = await Promise.all([
    requireTenant(request),
    getSession(request),
    getRequestEngine(request),
    captureAttribution(request),
  ]);
  const colleague = await inStoreColleague(request, siteCarrier);
  const reference = session.get("bookingRef");
  let booking: BookingState | null = null;
  let lostBooking: unknown = null;
  if (reference) {
    try {
      booking = await readBooking(engine, siteCarrier, reference, locale);
    } catch (error) {
      if (handleError(error, "booking.session").behaviour.clearBooking) {
        session.unset("bookingRef");
        lostBooking = error;
      }
    }
  }
  const carrier = carrierForBooking(siteCarrier, booking);
  return {
    carrier,
    locale,
    engine,
    session,
    booking,
    lostBooking,
    startPath: startPathFor(carrier),
    colleague,
    attribution,
    siteCarrier,
    clientAddress: clientAddress(request, loadContext),
  };
}

/** The booking channel of a booking a colleague makes in store. */
export const IN_STORE_CHANNEL = "in-store";

/** The visitor's open booking, or null when a step would have to build one. */
export function openBooking(context: BookingRequestContext): BookingState | null {
  return context.booking && context.booking.checkout_status !== "SUCCESS" ? context.booking : null;
}

/**
 * The visitor's booking, built on first need with the landing's attribution (spec §7 POST /build:
 * referrer, channel, lucidRef; ADR 135). A booking already built keeps what it was built with.
 * Called only once the visitor has done something worth keeping (a covered postcode, an address, a
 * store: ADR 191), and behind the per-client draft limit (ADR 192); a colleague in store is not limited.
 */
export async function ensureBooking(context: BookingRequestContext, input: { channel?: string } = {}): Promise<BookingState> {
  const open = openBooking(context);
  if (open) return open;
  const { referrer, lucidRef } = context.attribution.attribution;
  const built = await context.engine.basket.buildBookingForClient(
    context.siteCarrier,
    {
      channel: input.channel ?? (context.colleague ? IN_STORE_CHANNEL : "web"),
      ...(referrer ? { referrer } : {}),
      ...(lucidRef ? { lucidRef } : {}),
    },
    { clientAddress: context.colleague ? null : context.clientAddress },
  );
  context.session.set("bookingRef", built.reference);
  context.booking = await context.engine.basket.getBooking(context.carrier, built.reference, { locale: context.locale });
  context.carrier = carrierForBooking(context.siteCarrier, context.booking);
  return context.booking;
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
    flashToast({ type: "error", ...(shown.key ? { key: shown.key } : { message: shown.text }), durationMs: shown.durationMs });
  }
  if (behaviour.clearBooking) context.session.unset("bookingRef");
  if (behaviour.redirect) {
    const to: Response = redirect(behaviour.redirect === "start" ? context.startPath : behaviour.redirect);
    return to;
  }
  return data({ error: body }, { status: 400 });
}
