/**
 * Device identifiers for warranty checks and the manage page (spec §5 IMEI: 15 digits; tablets of
 * the single offered make ask for a serial number instead).
 *
 * Messages are the English server messages shown under the field; `reason` lets the web pick a
 * translated text instead.
 */
export type IdentifierReason = "empty" | "not_digits" | "wrong_length" | "failed_check" | "bad_format";

export type IdentifierResult = { ok: true; value: string } | { ok: false; message: string; reason: IdentifierReason };

export const IMEI_LENGTH = 15;

export const IMEI_MESSAGES = {
  empty: "Please enter your IMEI number.",
  not_digits: "The IMEI number must contain only digits.",
  wrong_length: `The IMEI number must be ${IMEI_LENGTH} digits long.`,
  failed_check: "That IMEI number is not valid. Please check it and try again.",
} as const;

export const SERIAL_MESSAGES = {
  empty: "Please enter your serial number.",
  bad_format: "The serial number must be 10 to 12 letters and digits (it never contains the letters O or I).",
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
  if (!compact) return { ok: false, reason: "empty", message: IMEI_MESSAGES.empty };
  if (!/^[0-9]+$/.test(compact)) return { ok: false, reason: "not_digits", message: IMEI_MESSAGES.not_digits };
  if (compact.length !== IMEI_LENGTH) return { ok: false, reason: "wrong_length", message: IMEI_MESSAGES.wrong_length };
  if (!luhnValid(compact)) return { ok: false, reason: "failed_check", message: IMEI_MESSAGES.failed_check };
  return { ok: true, value: compact };
}

/** Apple-style serial: 10–12 upper-case letters and digits, never O or I (they read as 0 and 1). */
const SERIAL = /^[A-HJ-NP-Z0-9]{10,12}$/;

export function validateSerial(value: string | null | undefined): IdentifierResult {
  const compact = String(value ?? "").replace(/[\s-]+/g, "").toUpperCase();
  if (!compact) return { ok: false, reason: "empty", message: SERIAL_MESSAGES.empty };
  if (!SERIAL.test(compact)) return { ok: false, reason: "bad_format", message: SERIAL_MESSAGES.bad_format };
  return { ok: true, value: compact };
}
