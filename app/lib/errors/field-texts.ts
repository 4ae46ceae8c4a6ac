/**
 * The texts of the engine's field problems (spec §8, §5): each field code's i18n key, and the
 * helpers a form uses to show them. Apart from the §8 table (error-table.ts) so that a page's
 * browser code can show field texts without downloading the table (ADR 098).
 */
import type { FieldCode } from "~/booking.server";
import type { Behaviour } from "./error-table";

/**
 * The i18n key of each engine field code. null: the web has no text of its own, so the engine's
 * English message shows as it came.
 */
export const FIELD_KEYS = {
  IMEI_MISSING: "booking-device.engineMessages.imeiEmpty",
  IMEI_NOT_DIGITS: "booking-device.engineMessages.imeiDigits",
  IMEI_WRONG_LENGTH: "booking-device.engineMessages.imeiLength",
  IMEI_INVALID_CHECKSUM: "booking-device.engineMessages.imeiCheck",
  SERIAL_MISSING: "booking-device.engineMessages.serialEmpty",
  SERIAL_FORMAT: "booking-device.engineMessages.serialFormat",
  SERIAL_MAKE_NOT_REPAIRED: "booking-device.engineMessages.tabletMake",
  IDENTIFIER_NOT_TAKEN: "booking-device.engineMessages.appliance",
  DEVICE_MISSING: null,
  PURCHASE_DATE_FUTURE: "booking-device.engineMessages.purchaseDateFuture",
  DATE_FORMAT: "booking-device.warranty.dateFormat",
  FAULT_MISSING: "booking-device.fault.missing",
  FAULT_USER_DAMAGED: "booking-device.fault.damageNotCovered",
  MODEL_NOT_REPAIRED: "booking-device.model.empty",
  MAKE_NOT_OFFERED: null,
  PROBLEMS_NOT_OFFERED: "booking-device.select.chooseOffered",
  EXTRA_NOT_OFFERED: null,
  COLOUR_NOT_OFFERED: "booking-device.colour.colourMissing",
  TRIAGE_ANSWER_MISSING: "booking-device.triage.answerMissing",
  APPLIANCE_CODE_ONLY: null,
  DEVICE_CHANGED: null,
  PROOF_MISSING: "manage.proof.errors.missing",
  PROOF_FORMAT: "manage.proof.errors.format",
  PROOF_TOO_LARGE: "manage.proof.errors.tooLarge",
  POSTCODE_MISSING: "manage.address.errors.postcodeMissing",
  POSTCODE_INVALID: "landing.postcodeInvalid",
  POSTCODE_NOT_COVERED: "landing.postcodeNotCovered",
  ADDRESS_NOT_COVERED: "landing.addressNotCovered",
  DATE_UNCHANGED: "manage.date.errors.sameDate",
  DATE_UNAVAILABLE: null,
  WINDOW_UNAVAILABLE: "store.service.errors.windowUnavailable",
  REASON_TOO_SHORT: "manage.date.errors.reasonShort",
  PHONE_INVALID: "contact.errors.phoneInvalid",
  EMAIL_INVALID: "contact.errors.emailInvalid",
  BOOKING_CODE_MISSING: null,
  STORE_UNKNOWN: null,
  STORE_REQUIRED: null,
  DROP_OFF_NOT_OFFERED: null,
  DROP_OFF_STORE_UNAVAILABLE: null,
  MAIL_IN_NOT_OFFERED: "booking-location.mailIn.notOffered",
  MAIL_IN_NO_VISIT: "manage.mailIn.noVisit",
  INVOICE_PAYMENT_NOT_OFFERED: null,
  PROMO_MISSING: null,
  PROMO_NOT_RECOGNISED: null,
  PROMO_ALREADY_USED: null,
  PROMO_INVALID: null,
  BILLING_ADDRESS_INCORRECT: null,
  PHONE_NUMBER_INCORRECT: null,
  BOOKING_REFERENCE_INCORRECT: null,
  CAPTCHA_REFUSED: "contact.errors.captcha",
  CAPTCHA_UNAVAILABLE: "contact.errors.captchaUnavailable",
  STEP_OUT_OF_ORDER: "store.jobs.errors.outOfOrder",
  STEP_NOT_FOR_DEVICE: "store.jobs.errors.notForDevice",
  JOB_CLOSED: "store.jobs.errors.closed",
  CHECKLIST_INCOMPLETE: "store.jobs.errors.checklist",
  JOB_PROBLEMS_MISSING: "store.jobs.errors.problems",
  SYMPTOMS_MISSING: "store.jobs.errors.symptoms",
  IRIS_CODE_MISSING: "store.jobs.errors.iris",
  PARTS_MISSING: "store.jobs.errors.parts",
  TECHNICIAN_NOT_IN_AREA: "store.areaJobs.errors.notInArea",
  TECHNICIAN_SLOT_TAKEN: "store.areaJobs.errors.slotTaken",
  JOB_ALREADY_STARTED: "store.areaJobs.errors.started",
  REFUND_NOTHING_PAID: "store.service.errors.nothingPaid",
  REFUND_AMOUNT_INVALID: "store.service.errors.amountInvalid",
  REFUND_TOO_LARGE: "store.service.errors.tooLarge",
  MESSAGE_UNKNOWN: "store.service.errors.messageUnknown",
  INVALID: null,
} as const satisfies Record<FieldCode, string | null>;

export type Translate = (key: string) => string;

/** The i18n key of a field code; null when the web shows the engine's message. */
export function fieldKey(code: string | undefined): string | null {
  return code && Object.hasOwn(FIELD_KEYS, code) ? FIELD_KEYS[code as FieldCode] : null;
}

/** One field problem for the page: the code's text, or the engine's message when the code has none. */
export function fieldText(code: string | undefined, message: string, t: Translate): string {
  const key = fieldKey(code);
  return key ? t(key) : message;
}

/** An engine error as the web passes it to a page: its code, messages and per-field messages with their codes. */
export interface ErrorBody {
  code: string;
  messages: string[];
  fields: Record<string, string[]>;
  fieldCodes?: Record<string, string[]>;
}

/** The texts under one field. */
export function fieldTexts(error: Pick<ErrorBody, "fields" | "fieldCodes"> | null | undefined, name: string, t: Translate): string[] {
  const messages = error?.fields[name] ?? [];
  return messages.map((message, index) => fieldText(error?.fieldCodes?.[name]?.[index], message, t));
}

/** Every field's texts in order (a VALIDATION error's messages are its fields' messages). */
export function allFieldTexts(error: Pick<ErrorBody, "fields" | "fieldCodes">, t: Translate): string[] {
  return Object.keys(error.fields).flatMap((name) => fieldTexts(error, name, t));
}

/** What a page needs of the §8 table's behaviour for an error it keeps; the server looks it up and sends it with the error. */
export type PageBehaviour = Pick<Behaviour, "show" | "modal" | "key">;
