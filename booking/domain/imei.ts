/**
 * Device identifiers for warranty checks and the manage page (spec §5 IMEI: 15 digits; tablets of
 * the single offered make ask for a serial number instead).
 *
 * Messages are the English server messages shown under the field; `code` is the field code a
 * client translates by (errors.ts).
 */
import { FIELD_MESSAGES, IMEI_LENGTH, type FieldCode } from "./errors";

export type IdentifierReason = "empty" | "not_digits" | "wrong_length" | "failed_check" | "bad_format";

export type IdentifierResult = { ok: true; value: string } | { ok: false; message: string; reason: IdentifierReason; code: FieldCode };

export { IMEI_LENGTH };

export const IMEI_MESSAGES = {
  empty: FIELD_MESSAGES.IMEI_MISSING,
  not_digits: FIELD_MESSAGES.IMEI_NOT_DIGITS,
  wrong_length: FIELD_MESSAGES.IMEI_WRONG_LENGTH,
  failed_check: FIELD_MESSAGES.IMEI_INVALID_CHECKSUM,
} as const;

export const SERIAL_MESSAGES = {
  empty: FIELD_MESSAGES.SERIAL_MISSING,
  bad_format: FIELD_MESSAGES.SERIAL_FORMAT,
} as const;

/** Luhn check over a string of digits (the IMEI's 15th digit is its Luhn check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function validateImei(value: string | null | undefined): IdentifierResult {
  // People copy IMEIs from settings screens and boxes with spaces, hyphens or slashes between groups.
  const compact = String(value ?? "").replace(/[\s\-/.]+/g, "");
  if (!compact) return { ok: false, reason: "empty", code: "IMEI_MISSING", message: IMEI_MESSAGES.empty };
  if (!/^[0-9]+$/.test(compact)) return { ok: false, reason: "not_digits", code: "IMEI_NOT_DIGITS", message: IMEI_MESSAGES.not_digits };
  if (compact.length !== IMEI_LENGTH) return { ok: false, reason: "wrong_length", code: "IMEI_WRONG_LENGTH", message: IMEI_MESSAGES.wrong_length };
  if (!luhnValid(compact)) return { ok: false, reason: "failed_check", code: "IMEI_INVALID_CHECKSUM", message: IMEI_MESSAGES.failed_check };
  return { ok: true, value: compact };
}

/** Apple-style serial: 10–12 upper-case letters and digits, never O or I (they read as 0 and 1). */
const SERIAL = /^[A-HJ-NP-Z0-9]{10,12}$/;

export function validateSerial(value: string | null | undefined): IdentifierResult {
  const compact = String(value ?? "")
    .replace(/[\s-]+/g, "")
    .toUpperCase();
  if (!compact) return { ok: false, reason: "empty", code: "SERIAL_MISSING", message: SERIAL_MESSAGES.empty };
  if (!SERIAL.test(compact)) return { ok: false, reason: "bad_format", code: "SERIAL_FORMAT", message: SERIAL_MESSAGES.bad_format };
  return { ok: true, value: compact };
}
