/**
 * Spec §8 in one table (ADR 044): what the web does for each engine error code, and the i18n key
 * of each engine field code. Pure data and lookups, so pages and actions read the same table.
 *
 * `ERROR_TABLE` is the booking flow's behaviour (the rows of §8) and must name every `ErrorCode`;
 * `PLACE_RULES` holds where another place differs (a form keeps an error under its field, the manage
 * pages close their modal with a toast, …). A place inherits from the place before its last dot:
 * "manage.date" → "manage" → the table.
 */
import type { ErrorCode, FieldCode } from "~/booking.server";
import { fieldKey } from "./field-texts";

export type { ErrorCode, FieldCode };

/** The page's modals an error can open (spec §2, §8). */
export type ErrorModal = "out-of-warranty" | "in-warranty-exists" | "imei-error" | "max-devices";

/** Where to go after the toast: a booking path, the booking's first step ("start"), the manage screen or its lookup. */
export type ErrorRedirect = "start" | "manage" | "lookup" | `/booking${string}`;

export interface Behaviour {
  /**
   * toast: a toast (flashed for the next page), then `redirect` when set, else the page stays;
   * modal: in the page's modal (`modal` says which when the page has several);
   * field: under the form's fields (the fields' own codes, else the text);
   * alert: the form's red alert;
   * ignore: nothing to show (a convenience lookup came back empty);
   * forbidden: the staff pages' "you cannot use this page" (403);
   * error-page: not an error this place expects: the error page (500).
   */
  show: "toast" | "modal" | "field" | "alert" | "ignore" | "forbidden" | "error-page";
  /** i18n key of the text; absent: the engine's first message on English pages, else `fallbackKey`. */
  key?: string;
  fallbackKey?: string;
  durationMs?: number;
  redirect?: ErrorRedirect;
  modal?: ErrorModal;
  /** BK01: forget the booking and the store settings. */
  clearBooking?: boolean;
  /** The text disappears after this long (spec §9: the address error after 10 seconds). */
  hideAfterMs?: number;
  /** The page's own text (e.g. in the payment error modal) where it differs from the toast's. */
  pageKey?: string;
  /** Checkout's readiness list: the step that fixes a booking that cannot be paid yet (else the basket). */
  checkoutFix?: "date" | "details";
  /** Spec §8 charge errors: a card error and a declined method keep the chosen payment method. */
  keepsPaymentMethod?: boolean;
  /** §8 "Any other status, or no response": a code without a row of its own in §8 (ADR 125). */
  anyOther?: boolean;
}

export const DEFAULT_TOAST_MS = 5_000;
export const LONG_TOAST_MS = 15_000;
export const PAYMENT_TOAST_MS = 6_000;
export const ADDRESS_ERROR_MS = 10_000;

/** The neutral text of an error the web has no text of its own for (ADR 125). */
export const GENERIC_ERROR_KEY = "toast.genericError";

/**
 * §8 "Any other status, or no response": the error for 15 s, in the page's language: the engine's
 * first message on English pages, else the neutral 'Something went wrong. Please try again.' (ADR 125).
 */
const OTHER: Behaviour = { show: "toast", fallbackKey: GENERIC_ERROR_KEY, durationMs: LONG_TOAST_MS, anyOther: true };

/** A code the table names without a row of its own: §8's "any other", with the code's own localised text. */
const other = (fallbackKey: string): Behaviour => ({ ...OTHER, fallbackKey });

/**
 * §8 "With no messages, a payment-declined toast shows for 6 s": the charge's reading (ADR 125). Only a
 * refused charge that comes back without any message says 'declined'; elsewhere a message-less error
 * is the neutral text for 15 s.
 */
const DECLINED_WITHOUT_MESSAGE: Behaviour = { show: "toast", key: "booking.toasts.paymentDeclined", durationMs: PAYMENT_TOAST_MS };

export const ERROR_TABLE = {
  BK01: { show: "toast", key: "booking.errors.bookingProblem", durationMs: LONG_TOAST_MS, redirect: "/booking", clearBooking: true },
  BK04: { show: "toast", key: "landing.postcodeInvalid", durationMs: LONG_TOAST_MS, redirect: "start" },
  BK07: { show: "toast", fallbackKey: "booking.errors.alreadyComplete", durationMs: LONG_TOAST_MS, redirect: "/booking/complete" },
  BK09: { show: "toast", key: "booking.errors.bookingError", durationMs: LONG_TOAST_MS, redirect: "start", checkoutFix: "details" },
  BK13: { show: "toast", fallbackKey: "booking.errors.dateUnavailable", durationMs: LONG_TOAST_MS, redirect: "/booking/repair-date", checkoutFix: "date" },
  BK27: { show: "toast", fallbackKey: "booking.errors.bookingChanged", durationMs: LONG_TOAST_MS, redirect: "/booking/checkout" },
  RBK15: { show: "modal", modal: "out-of-warranty" },
  OR03: OTHER,
  OR04: OTHER,
  VALIDATION: { show: "field" },
  NOT_FOUND: OTHER,
  PROMO_NOT_RECOGNISED: { show: "toast", key: "booking.toasts.promoNotRecognised", durationMs: DEFAULT_TOAST_MS },
  PROMO_ALREADY_USED: { show: "toast", key: "booking.toasts.promoAlreadyUsed", durationMs: DEFAULT_TOAST_MS },
  PROMO_INVALID: { show: "toast", key: "booking.toasts.promoInvalid", durationMs: DEFAULT_TOAST_MS },
  PROMO_ON_WARRANTY_REPAIR: { show: "toast", key: "booking.toasts.promoOnWarranty", durationMs: DEFAULT_TOAST_MS },
  MULTI_DEVICE_IN_WARRANTY: { show: "modal", modal: "in-warranty-exists", key: "booking.toasts.multiDeviceInWarranty" },
  MAX_DEVICES: { show: "modal", modal: "max-devices", key: "booking.errors.maxDevices" },
  WARRANTY_REPAIR_NOT_OFFERED: { show: "modal", modal: "imei-error", key: "booking-device.engineMessages.warrantyNotOffered" },
  ORDER_NOT_FOUND: other("manage-lookup.errors.notFound"),
  ORDER_CHANGE_WINDOW_CLOSED: other("manage.changesClosed"),
  ORDER_CANCELLED: other("manage.errors.cancelled"),
  ORDER_REFUNDED: other("manage.errors.refunded"),
  PAYMENT_IN_PROGRESS: { ...other("booking-checkout.payment.inProgress"), pageKey: "booking-checkout.payment.inProgress" },
  PAYMENT_CARD_ERROR: { show: "toast", key: "booking.toasts.cardError", durationMs: PAYMENT_TOAST_MS, keepsPaymentMethod: true },
  PAYMENT_DECLINED: { show: "toast", key: "booking.toasts.paymentDeclined", durationMs: PAYMENT_TOAST_MS, keepsPaymentMethod: true },
  PAYMENT_GATEWAY_ERROR: other("booking.toasts.cardError"),
  TOO_MANY_ATTEMPTS: other("manage-lookup.errors.tooManyAttempts"),
  CAPTCHA_FAILED: other("contact.errors.captcha"),
  JOB_FORBIDDEN: OTHER,
} as const satisfies Record<ErrorCode, Behaviour>;

/** Where a page's handling differs from the table. */
export type Place =
  | "booking"
  | "booking.session"
  | "booking.postcode"
  | "booking.stores"
  | "booking.store"
  | "booking.address"
  | "booking.address-search"
  | "booking.drop-off"
  | "booking.continue"
  | "booking.details"
  | "booking.payment"
  | "booking.call-back"
  | "booking.start-over"
  | "manage"
  | "manage.lookup"
  | "manage.cancel"
  | "manage.date"
  | "manage.address"
  | "manage.imei"
  | "manage.proof"
  | "manage.tracking"
  | "contact"
  | "contact.message"
  | "contact.call-back"
  | "operations"
  | "operations.bookings-count"
  | "store"
  | "store.service"
  | "store.service.order"
  | "operations.webhook-redeliver";

/** `codes`: this place's behaviour for a code; `otherwise`: for any code neither it nor a place before it names. */
export interface PlaceRule {
  codes?: Partial<Record<ErrorCode, Behaviour>>;
  otherwise?: Behaviour;
  /** For a toast without a text of its own when the error came with no message at all (§8, ADR 125). */
  withoutMessage?: Behaviour;
  /** Where the error's field code decides, before `codes` (a malformed postcode, not one outside every area). */
  fieldCodes?: Partial<Record<FieldCode, Behaviour>>;
}

const POSTCODE_FIELD: Behaviour = { show: "field", key: "landing.postcodeInvalid" };
/** §5/§8 "Postcode error": a real postcode no area covers: the server's first message, localised, in an error modal (ADR 126). */
const POSTCODE_REFUSED: Behaviour = { show: "modal", fallbackKey: "landing.postcodeNotCovered" };
const MANAGE_TOAST: Behaviour = { show: "toast", fallbackKey: "manage.errors.generic", durationMs: LONG_TOAST_MS, redirect: "manage" };

/** Too many drafts built from one client in a short time (ADR 192): a friendly wait-and-retry, never the lookup's text. */
const TOO_MANY_BOOKINGS = "booking.errors.tooManyBookings";

export const PLACE_RULES = {
  booking: { codes: { TOO_MANY_ATTEMPTS: { show: "toast", key: TOO_MANY_BOOKINGS, durationMs: LONG_TOAST_MS } } },
  /** Reading the visitor's booking: a gone booking is forgotten and the visitor starts again. */
  "booking.session": { codes: { BK01: { show: "ignore", clearBooking: true } }, otherwise: { show: "error-page" } },
  /**
   * The postcode forms (§5, ADR 126): a malformed postcode stays under the field ('Please enter a
   * valid postcode.'); one no area covers shows the server's first message in an error modal.
   */
  "booking.postcode": {
    codes: { BK04: POSTCODE_REFUSED, VALIDATION: POSTCODE_FIELD, TOO_MANY_ATTEMPTS: { show: "field", key: TOO_MANY_BOOKINGS } },
    fieldCodes: { POSTCODE_INVALID: POSTCODE_FIELD, POSTCODE_MISSING: POSTCODE_FIELD },
  },
  /** Store and drop-off searches (loaders): a refused postcode under the field; anything else is a bug. */
  "booking.stores": { codes: { BK04: POSTCODE_FIELD, VALIDATION: POSTCODE_FIELD }, otherwise: { show: "error-page" } },
  "booking.store": { codes: { VALIDATION: { show: "field", key: "booking-location.store.codeUnknown" } } },
  /** §8 "Address save failure": the first server message in the address error modal. */
  "booking.address": {
    codes: {
      BK04: { show: "modal", fallbackKey: "booking-location.address.notCovered" },
      VALIDATION: { show: "modal", fallbackKey: "booking-location.address.saveFailed" },
    },
  },
  /** Address suggestions are a convenience: a refused search shows none. */
  "booking.address-search": { codes: { VALIDATION: { show: "ignore" } }, otherwise: { show: "error-page" } },
  "booking.drop-off": { codes: { VALIDATION: { show: "field", key: "booking-location.dropOff.unavailable" } } },
  /** Continuing by booking code: the code is missing or unknown (no booking to clear). */
  "booking.continue": {
    codes: {
      VALIDATION: { show: "field", key: "booking-location.continue.codeMissing" },
      BK01: { show: "field", key: "booking-location.continue.codeUnknown" },
    },
  },
  "booking.details": {},
  /** A duplicate charge finds the order the first one completed: that is success, no toast. */
  "booking.payment": { codes: { BK07: { show: "ignore", redirect: "/booking/complete" } }, withoutMessage: DECLINED_WITHOUT_MESSAGE },
  "booking.call-back": { codes: { VALIDATION: { show: "field" } }, otherwise: { show: "error-page" } },
  /** 'Start over' gives a draft back; gone or completed meanwhile leaves nothing to give back. */
  "booking.start-over": { otherwise: { show: "ignore" } },
  /** Spec §8 "Cancel error": the first server message in a toast; §4 "other errors close the modal". */
  manage: {
    codes: {
      ORDER_NOT_FOUND: { show: "toast", key: "manage-lookup.errors.notFound", durationMs: LONG_TOAST_MS, redirect: "lookup" },
      TOO_MANY_ATTEMPTS: { show: "toast", key: "manage-lookup.errors.tooManyAttempts", durationMs: LONG_TOAST_MS, redirect: "manage" },
      VALIDATION: { show: "field" },
      ORDER_CHANGE_WINDOW_CLOSED: { show: "toast", key: "manage.changesClosed", durationMs: LONG_TOAST_MS, redirect: "manage" },
      ORDER_CANCELLED: { show: "toast", key: "manage.errors.cancelled", redirect: "manage" },
      ORDER_REFUNDED: { show: "toast", key: "manage.errors.refunded", redirect: "manage" },
    },
    otherwise: MANAGE_TOAST,
  },
  /** §8 "Order lookup error": the red alert, the same for a wrong e-mail and a wrong reference. */
  "manage.lookup": {
    codes: {
      ORDER_NOT_FOUND: { show: "alert", key: "manage-lookup.errors.notFound" },
      TOO_MANY_ATTEMPTS: { show: "alert", key: "manage-lookup.errors.tooManyAttempts" },
    },
  },
  "manage.cancel": {},
  /** §8 "OR04 on change date": the first server message in the modal. */
  "manage.date": { codes: { OR04: { show: "modal", fallbackKey: "manage.date.errors.unavailable" } } },
  /** §8 OR03 (10 seconds) and OR04 on change address; a refused postcode under the field. */
  "manage.address": {
    codes: {
      BK04: { show: "field" },
      OR03: { show: "modal", key: "manage.address.errors.noTechnician", hideAfterMs: ADDRESS_ERROR_MS },
      OR04: { show: "modal", key: "manage.address.errors.dateUnavailable" },
    },
  },
  "manage.imei": {},
  "manage.proof": {},
  /** The tracking feed answers the engine's error as JSON with its status. */
  "manage.tracking": {},
  /** The contact forms: field problems under their fields, anything else in the form's alert. */
  contact: { codes: { VALIDATION: { show: "field" }, CAPTCHA_FAILED: { show: "alert" } }, otherwise: { show: "alert", key: "contact.errors.generic" } },
  "contact.message": {},
  "contact.call-back": { otherwise: { show: "field" } },
  /** The CMS's questions about operations data (resource routes answering JSON): an error they do not expect is a bug. */
  operations: { otherwise: { show: "error-page" } },
  /** Issue 9 item 7: an area or dates the engine refuses is the CMS's bad request. */
  "operations.bookings-count": { codes: { VALIDATION: { show: "field" } } },
  /** ADR 181: no dead delivery of the carrier with that id (or a malformed id) is the CMS's 404. */
  "operations.webhook-redeliver": { codes: { NOT_FOUND: { show: "field" }, VALIDATION: { show: "field" } } },
  /** The staff pages (ADR 099): another's job is the 403 page, a refused step or move shows under its fields, anything else is a bug. */
  store: { codes: { JOB_FORBIDDEN: { show: "forbidden" }, VALIDATION: { show: "field" } }, otherwise: { show: "error-page" } },
  /** Customer service (ADR 190): the order operations' refusals shown above the action's form, in the staff member's language. */
  "store.service": {
    codes: {
      ORDER_NOT_FOUND: { show: "alert", key: "store.service.errors.notFound" },
      ORDER_CHANGE_WINDOW_CLOSED: { show: "alert", key: "store.service.errors.windowClosed" },
      ORDER_CANCELLED: { show: "alert", key: "manage.errors.cancelled" },
      ORDER_REFUNDED: { show: "alert", key: "manage.errors.refunded" },
      OR03: { show: "alert", key: "manage.address.errors.noTechnician" },
      OR04: { show: "alert", fallbackKey: "manage.date.errors.unavailable" },
      BK04: { show: "alert", key: "landing.postcodeInvalid" },
    },
    otherwise: { show: "alert", fallbackKey: "store.service.errors.generic" },
  },
  /** Opening an order: an unknown reference, or another carrier's, is not shown at all (the page answers 404, as for any unknown address). */
  "store.service.order": { codes: { ORDER_NOT_FOUND: { show: "ignore" } }, otherwise: { show: "error-page" } },
} as const satisfies Record<Place, PlaceRule>;

function chainOf(place: Place): Place[] {
  const chain: Place[] = [];
  let current: string = place;
  for (;;) {
    chain.push(current as Place);
    const dot = current.lastIndexOf(".");
    if (dot < 0) break;
    current = current.slice(0, dot);
  }
  return chain;
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_TABLE, code);
}

/**
 * The behaviour for an error code at a place: the place's own, a place before it, the table, or §8's
 * "any other". With `messages` (the error's), an "any other" error with no message to show takes the
 * place's `withoutMessage` behaviour where it has one (the charge: 'declined', 6 s).
 */
export function behaviourFor(code: string | null | undefined, place: Place = "booking", messages?: readonly string[], fieldCodes?: Record<string, readonly string[]>): Behaviour {
  const chain = chainOf(place);
  const rules: readonly PlaceRule[] = chain.map((name) => PLACE_RULES[name]);
  const found = byFieldCode(fieldCodes, rules) ?? lookUp(code, rules);
  if (messages && !messages.some((message) => message.trim()) && found.anyOther) {
    for (const rule of rules) if (rule.withoutMessage) return rule.withoutMessage;
  }
  return found;
}

function byFieldCode(fieldCodes: Record<string, readonly string[]> | undefined, rules: readonly PlaceRule[]): Behaviour | undefined {
  const codes = Object.values(fieldCodes ?? {}).flat();
  for (const rule of rules) {
    for (const code of codes) {
      const own = rule.fieldCodes?.[code as FieldCode];
      if (own) return own;
    }
  }
  return undefined;
}

function lookUp(code: string | null | undefined, rules: readonly PlaceRule[]): Behaviour {
  if (code && isErrorCode(code)) {
    for (const rule of rules) {
      const own = rule.codes?.[code];
      if (own) return own;
    }
  }
  for (const rule of rules) if (rule.otherwise) return rule.otherwise;
  return code && isErrorCode(code) ? ERROR_TABLE[code] : OTHER;
}

/** A text for the page: an i18n key, or the engine's message shown as it is. */
export interface ShownText {
  key?: string;
  text?: string;
}

/**
 * What a page shows in place of an error its action kept on the page: the page's own text when the
 * behaviour has one (so the inline note and the toast say the same thing), else `shownText`.
 */
export function pageText(behaviour: Behaviour, messages: readonly string[], locale: string): ShownText {
  return behaviour.pageKey ? { key: behaviour.pageKey } : shownText(behaviour, messages, locale);
}

/** The behaviour's key; else the engine's first message on English pages; else the fallback. */
export function shownText(behaviour: Behaviour, messages: readonly string[], locale: string, fallbackKey = GENERIC_ERROR_KEY): ShownText {
  if (behaviour.key) return { key: behaviour.key };
  if (locale === "en" && messages[0]) return { text: messages[0] };
  return { key: behaviour.fallbackKey ?? fallbackKey };
}

/**
 * §8 "the first server message", in the page's language: the behaviour's own text, else the text of
 * the error's first field code where the web has one (the same words in English as the engine's),
 * else `shownText`.
 */
export function firstMessageText(
  behaviour: Behaviour,
  error: { messages: readonly string[]; fieldCodes?: Record<string, readonly string[]> },
  locale: string,
  fallbackKey?: string,
): ShownText {
  if (behaviour.key) return { key: behaviour.key };
  const key = fieldKey(Object.values(error.fieldCodes ?? {}).flat()[0]);
  if (key) return { key };
  return shownText(behaviour, error.messages, locale, fallbackKey);
}

/** A toast's text and how long it stays (spec §8: 15 s for an error without a duration of its own). */
export function toastOf(behaviour: Behaviour, messages: readonly string[], locale: string): ShownText & { durationMs: number } {
  return { ...shownText(behaviour, messages, locale), durationMs: behaviour.durationMs ?? LONG_TOAST_MS };
}

// The field texts live apart from the table, so a page's browser code can show them without it (ADR 098).
export { FIELD_KEYS, allFieldTexts, fieldKey, fieldText, fieldTexts, type ErrorBody, type Translate } from "./field-texts";
