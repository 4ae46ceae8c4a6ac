/**
 * Spec §8 for the manage pages, in one table: where each engine error shows and with which text.
 * Routes never decide this themselves; they call `manageError` (manage.server.ts).
 */
export type ManagePlace = "lookup" | "cancel" | "date" | "address" | "imei" | "proof";

export interface ManageErrorBehaviour {
  /**
   * alert: the red alert of the lookup form (spec §8 "Order lookup error");
   * modal: inside the open modal, which stays open;
   * inline: under the form's fields;
   * toast: a toast, and the modal closes (spec §4 "Other errors close the modal").
   */
  show: "alert" | "modal" | "inline" | "toast";
  /** i18n key of the text; absent: the server's first message on English pages, else `fallbackKey`. */
  messageKey?: string;
  fallbackKey?: string;
  /** The message disappears after this long (spec §8, §9: the address error after 10 seconds). */
  hideAfterMs?: number;
  toastMs?: number;
  /** The order is not the visitor's (any more): back to the lookup. */
  toLookup?: boolean;
}

type ByPlace = Partial<Record<ManagePlace | "*", ManageErrorBehaviour>>;

export const LONG_TOAST_MS = 15_000;
export const ADDRESS_ERROR_MS = 10_000;

export const MANAGE_ERROR_BEHAVIOURS: Record<string, ByPlace> = {
  ORDER_NOT_FOUND: {
    lookup: { show: "alert", messageKey: "manage.lookup.errors.notFound" },
    "*": { show: "toast", messageKey: "manage.lookup.errors.notFound", toLookup: true, toastMs: LONG_TOAST_MS },
  },
  TOO_MANY_ATTEMPTS: {
    lookup: { show: "alert", messageKey: "manage.lookup.errors.tooManyAttempts" },
    "*": { show: "toast", messageKey: "manage.lookup.errors.tooManyAttempts", toastMs: LONG_TOAST_MS },
  },
  VALIDATION: { "*": { show: "inline" } },
  BK04: { address: { show: "inline" } },
  OR03: { address: { show: "modal", messageKey: "manage.address.errors.noTechnician", hideAfterMs: ADDRESS_ERROR_MS } },
  OR04: {
    address: { show: "modal", messageKey: "manage.address.errors.dateUnavailable" },
    date: { show: "modal", fallbackKey: "manage.date.errors.unavailable" },
  },
  ORDER_CHANGE_WINDOW_CLOSED: { "*": { show: "toast", messageKey: "manage.changesClosed", toastMs: LONG_TOAST_MS } },
  ORDER_CANCELLED: { "*": { show: "toast", messageKey: "manage.errors.cancelled" } },
};

/** Anything else (spec §8 "Cancel error: the first server message in a toast"; change date: "other errors close the modal"). */
export const DEFAULT_MANAGE_BEHAVIOUR: ManageErrorBehaviour = { show: "toast", fallbackKey: "manage.errors.generic", toastMs: LONG_TOAST_MS };

export function manageBehaviourFor(code: string | undefined, place: ManagePlace): ManageErrorBehaviour {
  const byPlace = code ? MANAGE_ERROR_BEHAVIOURS[code] : undefined;
  return byPlace?.[place] ?? byPlace?.["*"] ?? DEFAULT_MANAGE_BEHAVIOUR;
}

/** A text for the page: an i18n key, or a server message shown as it is. */
export interface ShownText {
  key?: string;
  text?: string;
}

export function shownText(behaviour: ManageErrorBehaviour, serverMessages: readonly string[], locale: string): ShownText {
  if (behaviour.messageKey) return { key: behaviour.messageKey };
  if (locale === "en" && serverMessages[0]) return { text: serverMessages[0] };
  return { key: behaviour.fallbackKey ?? DEFAULT_MANAGE_BEHAVIOUR.fallbackKey };
}
