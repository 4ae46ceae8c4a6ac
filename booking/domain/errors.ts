/**
 * Domain errors: values with codes (house style 6). The codes of spec §8 (BK01, BK04, BK07, BK09,
 * BK13, BK27, RBK15, OR03, OR04) are used exactly where the spec's client reacts to them; the other
 * cases the spec names only by their toast text get descriptive codes. The web maps code → behaviour
 * in one table. `status` is the HTTP status the /api/v4 layer answers with (§8: 404 for BK01).
 */
import type { ZodError } from "zod";

export type ErrorCode =
  | "BK01"
  | "BK04"
  | "BK07"
  | "BK09"
  | "BK13"
  | "BK27"
  | "RBK15"
  | "OR03"
  | "OR04"
  | "VALIDATION"
  | "NOT_FOUND"
  | "PROMO_NOT_RECOGNISED"
  | "PROMO_ALREADY_USED"
  | "PROMO_INVALID"
  | "PROMO_ON_WARRANTY_REPAIR"
  | "MULTI_DEVICE_IN_WARRANTY"
  | "MAX_DEVICES"
  | "WARRANTY_REPAIR_NOT_OFFERED"
  | "ORDER_NOT_FOUND"
  | "ORDER_CHANGE_WINDOW_CLOSED"
  | "ORDER_CANCELLED"
  | "PAYMENT_IN_PROGRESS"
  | "PAYMENT_CARD_ERROR"
  | "PAYMENT_DECLINED"
  | "PAYMENT_GATEWAY_ERROR"
  | "TOO_MANY_ATTEMPTS"
  | "CAPTCHA_FAILED";

export type FieldMessages = Record<string, string[]>;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Messages for the user, first one first (§8 shows "the first message" in many places). */
  readonly messages: string[];
  /** Per-field messages for forms (e.g. { imei: ['…'] }, { email: ['…'] }). */
  readonly fields: FieldMessages;

  constructor(code: ErrorCode, messages: string | string[], options: { status?: number; fields?: FieldMessages } = {}) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list[0] ?? code);
    this.name = new.target.name;
    this.code = code;
    this.status = options.status ?? 400;
    this.messages = list;
    this.fields = options.fields ?? {};
  }

  toJSON(): { code: ErrorCode; messages: string[]; fields: FieldMessages } {
    return { code: this.code, messages: this.messages, fields: this.fields };
  }
}

export class BookingNotFoundError extends DomainError {
  constructor() {
    super("BK01", "There is a problem with your booking - please try again.", { status: 404 });
  }
}

export class PostcodeNotCoveredError extends DomainError {
  constructor(message = "Please enter a valid postcode.") {
    super("BK04", message, { fields: { postcode: [message] } });
  }
}

export class BookingCompletedError extends DomainError {
  constructor() {
    super("BK07", "This booking has already been completed and can no longer be changed.");
  }
}

/** The booking is in a state the step cannot work with (e.g. no postcode yet); the client restarts at the postcode. */
export class BookingStateError extends DomainError {
  constructor(detail?: string) {
    super("BK09", ["The booking encountered an error. Please try again", ...(detail ? [detail] : [])]);
  }
}

export class DateUnavailableError extends DomainError {
  constructor(message = "Sorry, that date is no longer available. Please choose another date.") {
    super("BK13", message, { fields: { date: [message] } });
  }
}

/** Checkout preconditions not met or the basket changed under the payer; the client reloads and returns to checkout. */
export class CheckoutNotReadyError extends DomainError {
  constructor(messages: string | string[], fields?: FieldMessages) {
    super("BK27", messages, { fields });
  }
}

export class OutOfWarrantyError extends DomainError {
  constructor(message = "Your device is out of warranty. The repair can still be done, but not free under warranty.") {
    super("RBK15", message);
  }
}

export class NoTechnicianError extends DomainError {
  constructor() {
    super("OR03", "Sorry there is no technician in that area.");
  }
}

export class OrderDateUnavailableError extends DomainError {
  constructor(message = "Your selected booking date is not available in this area, please change your booking date first.") {
    super("OR04", message);
  }
}

export class ValidationError extends DomainError {
  constructor(fields: FieldMessages, messages?: string[]) {
    const list = messages ?? Object.entries(fields).flatMap(([, m]) => m);
    super("VALIDATION", list.length ? list : ["The request is not valid."], { status: 422, fields });
  }

  static fromZod(error: ZodError, prefix = ""): ValidationError {
    const fields: FieldMessages = {};
    for (const issue of error.issues) {
      const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "_";
      (fields[key] ??= []).push(issue.message);
    }
    return new ValidationError(fields);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super("NOT_FOUND", `${what} was not found.`, { status: 404 });
  }
}

export class PromoNotRecognisedError extends DomainError {
  constructor() {
    super("PROMO_NOT_RECOGNISED", "Sorry, we don't recognise that promo code.", { fields: { discount_code: ["Sorry, we don't recognise that promo code."] } });
  }
}

export class PromoAlreadyUsedError extends DomainError {
  constructor() {
    super("PROMO_ALREADY_USED", "Sorry, that promo code has already been used.", { fields: { discount_code: ["Sorry, that promo code has already been used."] } });
  }
}

export class PromoInvalidError extends DomainError {
  constructor(message = "Sorry, that promo code seems to be invalid.") {
    super("PROMO_INVALID", message, { fields: { discount_code: [message] } });
  }
}

export class PromoOnWarrantyRepairError extends DomainError {
  constructor() {
    super("PROMO_ON_WARRANTY_REPAIR", "A promo code cannot be used on a warranty repair.");
  }
}

export class MultiDeviceInWarrantyError extends DomainError {
  constructor() {
    super("MULTI_DEVICE_IN_WARRANTY", "Sorry, you cannot make a multi-device in-warranty booking.");
  }
}

export class MaxDevicesError extends DomainError {
  constructor(max: number) {
    super("MAX_DEVICES", max === 1 ? "Only one device can be booked at a time." : `A booking can hold at most ${max} devices.`);
  }
}

export class WarrantyRepairNotOfferedError extends DomainError {
  constructor() {
    super("WARRANTY_REPAIR_NOT_OFFERED", "Sorry, we can't offer a warranty repair on this device.");
  }
}

/** The carrier takes bookings only for a store (carrier.storeRequired) and none is set: checkout is not ready. */
export class StoreRequiredError extends DomainError {
  constructor(message = "Please choose the store this booking is made for.") {
    super("BK27", message, { fields: { store_code: [message] } });
  }
}

/** Same error for a wrong e-mail and a wrong reference, so the lookup reveals nothing. */
export class OrderNotFoundError extends DomainError {
  constructor() {
    super("ORDER_NOT_FOUND", "We couldn't find an order with that e-mail address and order reference.", { status: 404 });
  }
}

export class ChangeWindowClosedError extends DomainError {
  constructor() {
    super("ORDER_CHANGE_WINDOW_CLOSED", "You cannot change your appointment online now, please call our customer service team");
  }
}

export class OrderCancelledError extends DomainError {
  constructor() {
    super("ORDER_CANCELLED", "This repair has been cancelled.");
  }
}

export class PaymentInProgressError extends DomainError {
  constructor() {
    super("PAYMENT_IN_PROGRESS", "Your payment is being processed. Please wait a moment.", { status: 409 });
  }
}

/** Spec §3 "Billing error flags": the details the payment provider rejected. */
export interface BillingErrorFlags {
  address?: boolean;
  phoneNumber?: boolean;
  bookingReference?: boolean;
}

/**
 * A charge the provider refused. Billing flags come out as fields, so the payment error modal (§8)
 * reads `fields.billing_address` ('Incorrect billing address') and `fields.phone_number`
 * ('Incorrect phone number') from the same error body as every other form error.
 */
export class PaymentFailedError extends DomainError {
  readonly gatewayCode: string;
  readonly billing: BillingErrorFlags;
  constructor(kind: "card_error" | "declined" | "gateway_error", gatewayCode: string, gatewayMessage?: string, billing: BillingErrorFlags = {}) {
    const code: ErrorCode = kind === "declined" ? "PAYMENT_DECLINED" : kind === "card_error" ? "PAYMENT_CARD_ERROR" : "PAYMENT_GATEWAY_ERROR";
    const message =
      kind === "declined"
        ? "Your payment method was declined. Please try again with a different card or payment method."
        : "There was a problem confirming payment. Please try again or contact your bank.";
    const fields: FieldMessages = {};
    if (billing.address) fields.billing_address = ["Incorrect billing address"];
    if (billing.phoneNumber) fields.phone_number = ["Incorrect phone number"];
    if (billing.bookingReference) fields.booking_reference = ["Incorrect booking reference"];
    super(code, gatewayMessage && gatewayMessage !== message ? [message, gatewayMessage] : [message], { status: 402, fields });
    this.gatewayCode = gatewayCode;
    this.billing = { ...billing };
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
