/**
 * Domain errors: values with codes (house style 6). The codes of spec §8 (BK01, BK04, BK07, BK09,
 * BK13, BK27, RBK15, OR03, OR04) are used exactly where the spec's client reacts to them; the other
 * cases the spec names only by their toast text get descriptive codes. The web maps code → behaviour
 * in one table (ADR 044). `status` is the HTTP status the /api/v4 layer answers with (§8: 404 for BK01).
 *
 * Field problems carry a stable code (`FieldCode`) beside their English message, so a client
 * translates by code and never by sentence.
 */
import type { ZodError } from "zod";
import { MAX_PROOF_BYTES } from "./image-sniff";

/** Every code an engine error can carry; `ErrorCode` is this list's union (the web's table is checked against it). */
export const ERROR_CODES = [
  "BK01",
  "BK04",
  "BK07",
  "BK09",
  "BK13",
  "BK27",
  "RBK15",
  "OR03",
  "OR04",
  "VALIDATION",
  "NOT_FOUND",
  "PROMO_NOT_RECOGNISED",
  "PROMO_ALREADY_USED",
  "PROMO_INVALID",
  "PROMO_ON_WARRANTY_REPAIR",
  "MULTI_DEVICE_IN_WARRANTY",
  "MAX_DEVICES",
  "WARRANTY_REPAIR_NOT_OFFERED",
  "ORDER_NOT_FOUND",
  "ORDER_CHANGE_WINDOW_CLOSED",
  "ORDER_CANCELLED",
  "ORDER_REFUNDED",
  "PAYMENT_IN_PROGRESS",
  "PAYMENT_CARD_ERROR",
  "PAYMENT_DECLINED",
  "PAYMENT_GATEWAY_ERROR",
  "TOO_MANY_ATTEMPTS",
  "CAPTCHA_FAILED",
  "JOB_FORBIDDEN",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const IMEI_LENGTH = 15;

/**
 * The field problems the engine names, each with its one English message (messages are unique, so
 * a zod schema that uses a message from here reports its code too). `INVALID` is any other problem
 * (zod's own messages, free texts): a client shows its message as it is.
 */
export const FIELD_MESSAGES = {
  IMEI_MISSING: "Please enter your IMEI number.",
  IMEI_NOT_DIGITS: "The IMEI number must contain only digits.",
  IMEI_WRONG_LENGTH: `The IMEI number must be ${IMEI_LENGTH} digits long.`,
  IMEI_INVALID_CHECKSUM: "That IMEI number is not valid. Please check it and try again.",
  SERIAL_MISSING: "Please enter your serial number.",
  SERIAL_FORMAT: "The serial number must be 10 to 12 letters and digits (it never contains the letters O or I).",
  SERIAL_MAKE_NOT_REPAIRED: "Sorry, we can only take serial numbers for tablets of the make we repair.",
  IDENTIFIER_NOT_TAKEN: "Appliances do not take an IMEI or serial number.",
  DEVICE_MISSING: "Please choose your device first.",
  PURCHASE_DATE_FUTURE: "The purchase date cannot be in the future.",
  DATE_FORMAT: "Please enter a valid date (DD/MM/YYYY).",
  FAULT_MISSING: "Please choose what happened.",
  FAULT_USER_DAMAGED: "Accidental damage is not covered by the manufacturer's warranty.",
  MODEL_NOT_REPAIRED: "Sorry, we don't currently repair that type of device",
  MAKE_NOT_OFFERED: "That make does not offer this model.",
  PROBLEMS_NOT_OFFERED: "Please choose repairs offered for this model.",
  EXTRA_NOT_OFFERED: "That extra is not offered for this device.",
  COLOUR_NOT_OFFERED: "Please choose one of the model's colours.",
  TRIAGE_ANSWER_MISSING: "Please choose one of the answers.",
  APPLIANCE_CODE_ONLY: "Only appliances take a model code.",
  DEVICE_CHANGED: "The device changed meanwhile; please try again.",
  PROOF_MISSING: "Please choose an image.",
  PROOF_FORMAT: "Image must be .jpg or .png format",
  PROOF_TOO_LARGE: `The image is too large: the limit is ${MAX_PROOF_BYTES / (1024 * 1024)} MB.`,
  POSTCODE_MISSING: "Please enter a postcode.",
  POSTCODE_INVALID: "Please enter a valid postcode.",
  POSTCODE_NOT_COVERED: "Sorry, we don't cover that postcode yet.",
  ADDRESS_NOT_COVERED: "Sorry, we don't cover that address yet.",
  DATE_UNCHANGED: "That is already your repair date.",
  DATE_UNAVAILABLE: "Sorry, that date is no longer available. Please choose another date.",
  WINDOW_UNAVAILABLE: "Sorry, that arrival window is not available. Please choose another window.",
  REASON_TOO_SHORT: "Please tell us a little more: the reason needs more than three words.",
  PHONE_INVALID: "Please enter a valid phone number.",
  EMAIL_INVALID: "Please enter a valid e-mail address.",
  BOOKING_CODE_MISSING: "Your booking code is missing",
  STORE_UNKNOWN: "Sorry, we don't recognise that store code.",
  STORE_REQUIRED: "Please choose the store this booking is made for.",
  DROP_OFF_NOT_OFFERED: "Drop-off is not offered.",
  DROP_OFF_STORE_UNAVAILABLE: "That store does not take drop-offs.",
  MAIL_IN_NOT_OFFERED: "Sending the device by post is not offered.",
  MAIL_IN_NO_VISIT: "A repair by post has no visit: its date and address cannot be changed.",
  INVOICE_PAYMENT_NOT_OFFERED: "Payment by invoice is not offered: pay with the card or pay-later token (invoice_payment false or left out).",
  PROMO_MISSING: "Please enter a promo code.",
  PROMO_NOT_RECOGNISED: "Sorry, we don't recognise that promo code.",
  PROMO_ALREADY_USED: "Sorry, that promo code has already been used.",
  PROMO_INVALID: "Sorry, that promo code seems to be invalid.",
  BILLING_ADDRESS_INCORRECT: "Incorrect billing address",
  PHONE_NUMBER_INCORRECT: "Incorrect phone number",
  BOOKING_REFERENCE_INCORRECT: "Incorrect booking reference",
  CAPTCHA_REFUSED: "We couldn't confirm that you are not a robot. Please try again.",
  CAPTCHA_UNAVAILABLE: "We can't check messages right now. Please try again in a few minutes, or e-mail or call us.",
  STEP_OUT_OF_ORDER: "Please finish the steps before this one first.",
  STEP_NOT_FOR_DEVICE: "This step does not apply to this device.",
  JOB_CLOSED: "This job is completed or cancelled.",
  CHECKLIST_INCOMPLETE: "Please confirm every item of the checklist.",
  JOB_PROBLEMS_MISSING: "Please confirm at least one problem.",
  SYMPTOMS_MISSING: "Please choose at least one symptom code.",
  IRIS_CODE_MISSING: "Please choose one of the IRIS codes.",
  PARTS_MISSING: "Please add at least one part.",
  TECHNICIAN_NOT_IN_AREA: "That technician does not work in this area.",
  TECHNICIAN_SLOT_TAKEN: "That technician already has a job at this time.",
  JOB_ALREADY_STARTED: "A job that has started cannot be moved.",
  REFUND_NOTHING_PAID: "This order has no payment to refund.",
  REFUND_AMOUNT_INVALID: "Please enter an amount greater than zero.",
  REFUND_TOO_LARGE: "The refund is more than what is left of the payment.",
  MESSAGE_UNKNOWN: "That message is not one of this order's.",
  INVALID: "The request is not valid.",
} as const;

export type FieldCode = keyof typeof FIELD_MESSAGES;
export const FIELD_CODES = Object.keys(FIELD_MESSAGES) as FieldCode[];

const CODE_OF_MESSAGE: ReadonlyMap<string, FieldCode> = new Map(FIELD_CODES.filter((code) => code !== "INVALID").map((code) => [FIELD_MESSAGES[code], code]));

function isFieldCode(value: string): value is FieldCode {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

/** A field problem: its code and the English message shown for it (a custom one, or the code's own). */
export interface FieldIssue {
  code: FieldCode;
  message: string;
}

/**
 * How a field problem is raised: a code (its message is the code's), a code with its own message,
 * or a message (its code is the one the message belongs to, else INVALID).
 */
export type FieldProblem = FieldCode | FieldIssue | string;

export function fieldIssue(problem: FieldProblem): FieldIssue {
  if (typeof problem !== "string") return problem;
  if (isFieldCode(problem)) return { code: problem, message: FIELD_MESSAGES[problem] };
  return { code: CODE_OF_MESSAGE.get(problem) ?? "INVALID", message: problem };
}

export type FieldMessages = Record<string, string[]>;
export type FieldCodes = Record<string, FieldCode[]>;
export type FieldProblems = Record<string, FieldProblem[]>;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Messages for the user, first one first (§8 shows "the first message" in many places). */
  readonly messages: string[];
  /** Per-field messages for forms (e.g. { imei: ['…'] }, { email: ['…'] }). */
  readonly fields: FieldMessages;
  /** The code of each message in `fields`, in the same order (e.g. { imei: ['IMEI_INVALID_CHECKSUM'] }). */
  readonly fieldCodes: FieldCodes;

  constructor(code: ErrorCode, messages: string | string[], options: { status?: number; fields?: FieldProblems } = {}) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list[0] ?? code);
    this.name = new.target.name;
    this.code = code;
    this.status = options.status ?? 400;
    this.messages = list;
    this.fields = {};
    this.fieldCodes = {};
    for (const [field, problems] of Object.entries(options.fields ?? {})) {
      const issues = problems.map(fieldIssue);
      this.fields[field] = issues.map((issue) => issue.message);
      this.fieldCodes[field] = issues.map((issue) => issue.code);
    }
  }

  toJSON(): { code: ErrorCode; messages: string[]; fields: FieldMessages; field_codes: FieldCodes } {
    return { code: this.code, messages: this.messages, fields: this.fields, field_codes: this.fieldCodes };
  }
}

export class BookingNotFoundError extends DomainError {
  constructor() {
    super("BK01", "There is a problem with your booking - please try again.", { status: 404 });
  }
}

export class PostcodeNotCoveredError extends DomainError {
  constructor(problem: "POSTCODE_INVALID" | "POSTCODE_NOT_COVERED" | "ADDRESS_NOT_COVERED" = "POSTCODE_INVALID") {
    super("BK04", FIELD_MESSAGES[problem], { fields: { postcode: [problem] } });
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
  constructor(message: string = FIELD_MESSAGES.DATE_UNAVAILABLE) {
    super("BK13", message, { fields: { date: [{ code: "DATE_UNAVAILABLE", message }] } });
  }
}

/** Checkout preconditions not met or the basket changed under the payer; the client reloads and returns to checkout. */
export class CheckoutNotReadyError extends DomainError {
  constructor(messages: string | string[], fields?: FieldProblems) {
    super("BK27", messages, { fields });
  }
}

export class OutOfWarrantyError extends DomainError {
  constructor(message = "Your device is out of warranty. The repair can still be done, but not free under warranty.", fields?: FieldProblems) {
    super("RBK15", message, { fields });
  }
}

/** Spec §2 device/fault-type: a manufacturer's warranty covers faults, not accidental damage. */
export class DamageNotCoveredError extends OutOfWarrantyError {
  constructor() {
    super("Accidental damage is not covered by the manufacturer's warranty.", { fault: ["FAULT_USER_DAMAGED"] });
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
  constructor(fields: FieldProblems, messages?: string[]) {
    const list = messages ?? Object.values(fields).flatMap((problems) => problems.map((problem) => fieldIssue(problem).message));
    super("VALIDATION", list.length ? list : [FIELD_MESSAGES.INVALID], { status: 422, fields });
  }

  /** A schema's message that is one of FIELD_MESSAGES carries that code; any other is INVALID. */
  static fromZod(error: ZodError, prefix = ""): ValidationError {
    const fields: Record<string, string[]> = {};
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
    super("PROMO_NOT_RECOGNISED", FIELD_MESSAGES.PROMO_NOT_RECOGNISED, { fields: { discount_code: ["PROMO_NOT_RECOGNISED"] } });
  }
}

export class PromoAlreadyUsedError extends DomainError {
  constructor() {
    super("PROMO_ALREADY_USED", FIELD_MESSAGES.PROMO_ALREADY_USED, { fields: { discount_code: ["PROMO_ALREADY_USED"] } });
  }
}

export class PromoInvalidError extends DomainError {
  constructor(message: string = FIELD_MESSAGES.PROMO_INVALID) {
    super("PROMO_INVALID", message, { fields: { discount_code: [{ code: "PROMO_INVALID", message }] } });
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
  constructor(message: string = FIELD_MESSAGES.STORE_REQUIRED) {
    super("BK27", message, { fields: { store_code: [{ code: "STORE_REQUIRED", message }] } });
  }
}

/** A technician asked for a job that is not theirs, or an area manager for another area's (403). */
export class JobForbiddenError extends DomainError {
  constructor() {
    super("JOB_FORBIDDEN", "You cannot open this job.", { status: 403 });
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

/** Everything paid was refunded (ADR 247): the booking is closed, nothing more can be changed. */
export class OrderRefundedError extends DomainError {
  constructor() {
    super("ORDER_REFUNDED", "This repair has been refunded in full and can no longer be changed.");
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
    const fields: FieldProblems = {};
    if (billing.address) fields.billing_address = ["BILLING_ADDRESS_INCORRECT"];
    if (billing.phoneNumber) fields.phone_number = ["PHONE_NUMBER_INCORRECT"];
    if (billing.bookingReference) fields.booking_reference = ["BOOKING_REFERENCE_INCORRECT"];
    super(code, gatewayMessage && gatewayMessage !== message ? [message, gatewayMessage] : [message], { status: 402, fields });
    this.gatewayCode = gatewayCode;
    this.billing = { ...billing };
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
