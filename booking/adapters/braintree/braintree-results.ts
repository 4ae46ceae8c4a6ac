/**
 * Braintree's result objects (braintree Node SDK 3.x: `result.success`, `result.transaction`,
 * `result.errors.deepErrors()`, `result.message`) and what the PaymentGateway port makes of them
 * (ADR 021). Pure: no SDK import, so every rule is tested on recorded result shapes.
 */
import type { BillingErrorFlags, SaleResult } from "../../ports/payment-gateway";

export interface BraintreeValidationError {
  attribute: string;
  code: string;
  message: string;
}

export interface BraintreeErrors {
  deepErrors(): BraintreeValidationError[];
  for(name: string): BraintreeErrors | undefined;
}

export interface BraintreeTransaction {
  id: string;
  status: string;
  type?: string;
  amount: string;
  currencyIsoCode?: string;
  orderId?: string | null;
  merchantAccountId?: string;
  processorResponseCode?: string | null;
  processorResponseText?: string | null;
  processorResponseType?: string | null;
  gatewayRejectionReason?: string | null;
  avsErrorResponseCode?: string | null;
  avsPostalCodeResponseCode?: string | null;
  avsStreetAddressResponseCode?: string | null;
  cvvResponseCode?: string | null;
  refundIds?: string[] | null;
  refundedTransactionId?: string | null;
  paymentInstrumentType?: string;
}

/** A Braintree result: `success` plus `transaction`, or `errors` and `message` (an ErrorResponse). */
export interface BraintreeResult {
  success: boolean;
  message?: string;
  transaction?: BraintreeTransaction;
  errors?: BraintreeErrors;
  clientToken?: string;
}

/** Braintree's validation error codes used here (ValidationErrorCodes in the SDK). */
export const BRAINTREE_CODES = {
  /** ValidationErrorCodes.Address.* — every billing address error. */
  address: new Set([
    "81801",
    "91821",
    "81802",
    "91814",
    "91816",
    "91817",
    "91803",
    "91823",
    "81804",
    "91819",
    "81805",
    "91815",
    "91828",
    "91820",
    "81806",
    "91824",
    "81807",
    "81813",
    "91826",
    "81808",
    "81828",
    "81809",
    "91825",
    "81810",
    "81827",
    "91822",
    "81811",
    "81812",
  ]),
  billingAddressConflict: "91530",
  billingPhoneNumberIsInvalid: "915206",
  orderIdIsTooLong: "91501",
  threeDSecureAuthenticationFailed: "81571",
  paymentMethodNonceConsumed: "93107",
  refundAlreadyComplete: "91512",
} as const;

/** ValidationErrorCodes.CreditCard.*: problems with the card itself (number, expiry, CVV, type). */
const CARD_CODE = /^(8|9)17\d\d$/;

/** Statuses of a sale that took (or will take) the customer's money. */
export const LIVE_SALE_STATUSES = new Set(["authorizing", "authorized", "submitted_for_settlement", "settlement_pending", "settling", "settled", "settlement_confirmed"]);

type Failure = Extract<SaleResult, { ok: false }>;

function avsFlags(t: BraintreeTransaction | undefined): BillingErrorFlags {
  if (!t) return {};
  // N = does not match. U/I/S/A/E say nothing about the customer's input.
  const mismatch = t.avsPostalCodeResponseCode === "N" || t.avsStreetAddressResponseCode === "N";
  return mismatch ? { address: true } : {};
}

function withFlags(failure: Failure, flags: BillingErrorFlags): Failure {
  return Object.values(flags).some(Boolean) ? { ...failure, billing: flags } : failure;
}

/** The port's sale status for a live Braintree transaction. */
export function saleStatus(t: BraintreeTransaction): "submitted_for_settlement" | "settled" {
  return t.status === "settled" || t.status === "settlement_confirmed" ? "settled" : "submitted_for_settlement";
}

function validationFailure(result: BraintreeResult): Failure {
  const errors = result.errors?.deepErrors() ?? [];
  const first = errors[0];
  const billingErrors = result.errors?.for("transaction")?.for("billing")?.deepErrors() ?? [];
  const flags: BillingErrorFlags = {};
  if (billingErrors.length || errors.some((e) => BRAINTREE_CODES.address.has(e.code) || e.code === BRAINTREE_CODES.billingAddressConflict)) flags.address = true;
  if (errors.some((e) => e.code === BRAINTREE_CODES.billingPhoneNumberIsInvalid || /phone/i.test(e.attribute))) flags.phoneNumber = true;
  if (errors.some((e) => e.code === BRAINTREE_CODES.orderIdIsTooLong || e.attribute === "order_id")) flags.bookingReference = true;
  const cardProblem = errors.some((e) => e.code === BRAINTREE_CODES.threeDSecureAuthenticationFailed || CARD_CODE.test(e.code));
  return withFlags(
    {
      ok: false,
      kind: cardProblem ? "card_error" : "gateway_error",
      code: first?.code ?? "validation",
      message: first?.message ?? result.message ?? "The payment was not accepted.",
    },
    flags,
  );
}

/**
 * A failed sale as the port's outcome:
 * - processor_declined → declined (the issuer said no), with Braintree's processor response code;
 * - gateway_rejected: three_d_secure, cvv → card_error; avs, avs_and_cvv → card_error with the
 *   address flag; fraud, risk_threshold → declined; anything else → gateway_error;
 * - failed (processor unavailable, 3000) → gateway_error;
 * - no transaction: validation errors → gateway_error (card_error for card and 3-D Secure
 *   validation), with the billing-address / phone / booking-reference flags they imply.
 */
export function saleFailure(result: BraintreeResult): Failure {
  const t = result.transaction;
  if (!t) return validationFailure(result);
  const flags = avsFlags(t);
  switch (t.status) {
    case "processor_declined":
    case "settlement_declined":
      return withFlags(
        { ok: false, kind: "declined", code: t.processorResponseCode ?? t.status, message: t.processorResponseText ?? result.message ?? "Processor Declined" },
        flags,
      );
    case "gateway_rejected": {
      const reason = t.gatewayRejectionReason ?? "unknown";
      const message = result.message ?? `Gateway Rejected: ${reason}`;
      if (reason === "three_d_secure" || reason === "cvv") return withFlags({ ok: false, kind: "card_error", code: reason, message }, flags);
      if (reason === "avs" || reason === "avs_and_cvv") return { ok: false, kind: "card_error", code: reason, message, billing: { address: true } };
      if (reason === "fraud" || reason === "risk_threshold") return { ok: false, kind: "declined", code: reason, message };
      return { ok: false, kind: "gateway_error", code: reason, message };
    }
    case "failed":
      return { ok: false, kind: "gateway_error", code: t.processorResponseCode ?? "failed", message: t.processorResponseText ?? result.message ?? "Processor failure" };
    default:
      return withFlags({ ok: false, kind: "gateway_error", code: t.status, message: result.message ?? `Transaction ${t.status}` }, flags);
  }
}

/** Whether a failed sale says the payment was already made (a retry of one that went through). */
export function looksLikeRepeat(result: BraintreeResult): boolean {
  if (result.transaction?.status === "gateway_rejected" && result.transaction.gatewayRejectionReason === "duplicate") return true;
  return (result.errors?.deepErrors() ?? []).some((e) => e.code === BRAINTREE_CODES.paymentMethodNonceConsumed);
}

/** Minor units → Braintree's decimal string, exactly ("12900" → "129.00"); all our currencies have 2 decimals. */
export function majorAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Not an amount in minor units: ${minor}`);
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}
