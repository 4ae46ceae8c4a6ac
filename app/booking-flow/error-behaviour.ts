/**
 * Spec §8 in one table: what the booking flow does for each engine error code.
 * Routes never decide this themselves; they call `bookingErrorResponse` (booking.server.ts).
 */
export interface ErrorBehaviour {
  /** i18n key of the toast; absent: the server's first message, or `fallbackKey` when it has none. */
  toastKey?: string;
  fallbackKey?: string;
  durationMs: number;
  /** Where to go next; absent: stay on the page (the action returns the error). */
  redirectTo?: "start" | string;
  /** BK01: forget the booking and the store settings. */
  clearBooking?: boolean;
  /** The toast shows only when the page is left (redirect); otherwise the form shows the error inline. */
  inline?: boolean;
}

export const LONG_TOAST_MS = 15_000;
export const PAYMENT_TOAST_MS = 6_000;

export const ERROR_BEHAVIOURS: Record<string, ErrorBehaviour> = {
  BK01: { toastKey: "booking.errors.bookingProblem", durationMs: LONG_TOAST_MS, redirectTo: "/booking", clearBooking: true },
  BK04: { toastKey: "landing.postcodeInvalid", durationMs: LONG_TOAST_MS, redirectTo: "start" },
  BK13: { fallbackKey: "booking.errors.dateUnavailable", durationMs: LONG_TOAST_MS, redirectTo: "/booking/repair-date" },
  BK07: { fallbackKey: "booking.errors.alreadyComplete", durationMs: LONG_TOAST_MS, redirectTo: "/booking/complete" },
  BK09: { toastKey: "booking.errors.bookingError", durationMs: LONG_TOAST_MS, redirectTo: "start" },
  BK27: { fallbackKey: "booking.errors.bookingChanged", durationMs: LONG_TOAST_MS, redirectTo: "/booking/checkout" },
  PROMO_NOT_RECOGNISED: { toastKey: "booking.toasts.promoNotRecognised", durationMs: 5_000 },
  PROMO_ALREADY_USED: { toastKey: "booking.toasts.promoAlreadyUsed", durationMs: 5_000 },
  PROMO_INVALID: { toastKey: "booking.toasts.promoInvalid", durationMs: 5_000 },
  PROMO_ON_WARRANTY_REPAIR: { toastKey: "booking.toasts.promoOnWarranty", durationMs: 5_000 },
  // Shown by the page as a modal (in-warranty device exists, maximum devices, out of warranty).
  MULTI_DEVICE_IN_WARRANTY: { toastKey: "booking.toasts.multiDeviceInWarranty", durationMs: 5_000, inline: true },
  MAX_DEVICES: { toastKey: "booking.errors.maxDevices", durationMs: 5_000, inline: true },
  RBK15: { durationMs: 5_000, inline: true },
  WARRANTY_REPAIR_NOT_OFFERED: { durationMs: 5_000, inline: true },
  PAYMENT_CARD_ERROR: { toastKey: "booking.toasts.cardError", durationMs: PAYMENT_TOAST_MS },
  PAYMENT_DECLINED: { toastKey: "booking.toasts.paymentDeclined", durationMs: PAYMENT_TOAST_MS },
  VALIDATION: { durationMs: 5_000, inline: true },
};

/** Any other status, or no response: the error for 15 s; with no message, the payment-declined toast for 6 s. */
export const DEFAULT_BEHAVIOUR: ErrorBehaviour = { fallbackKey: "booking.toasts.paymentDeclined", durationMs: LONG_TOAST_MS };

export function behaviourFor(code: string | undefined): ErrorBehaviour {
  return (code && ERROR_BEHAVIOURS[code]) || DEFAULT_BEHAVIOUR;
}
