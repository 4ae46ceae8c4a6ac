/**
 * The payment step's rules (spec §4 "Card payment", "Pay-later payment", §8): the offline card
 * form whose choices produce the sandbox gateway's documented test nonces (Braintree's), what a
 * posted payment form charges, what the payment error modal lists, and how a booking is completed
 * (spec §4 step 4: charge, confirm-iw or confirm-promo).
 */
import { z } from "zod";
import type { BookingState } from "~/booking.server";
import type { Carrier } from "~/content/schemas";
import { behaviourFor } from "~/lib/errors/error-table";

export type PaymentType = "card" | "paypal";

export interface SandboxPaymentOption {
  /** Stable id of the choice (form value, i18n key). */
  id: "card-valid" | "card-3ds-challenge" | "card-3ds-failed" | "card-declined" | "paypal";
  nonce: string;
  paymentType: PaymentType;
}

/**
 * The choices of the offline card form. A drop-in with 3-D Secure hands back an authenticated
 * nonce for a good card, so for a carrier that requires 3-D Secure the 'valid card' choice
 * produces the frictionless 3-D Secure nonce; without it, the plain valid-card nonce.
 */
export function sandboxPaymentOptions(carrier: Pick<Carrier, "use3DSecure">): SandboxPaymentOption[] {
  return [
    {
      id: "card-valid",
      nonce: carrier.use3DSecure ? "fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce" : "fake-valid-visa-nonce",
      paymentType: "card",
    },
    { id: "card-3ds-challenge", nonce: "fake-three-d-secure-visa-full-authentication-nonce", paymentType: "card" },
    { id: "card-3ds-failed", nonce: "fake-three-d-secure-visa-failed-authentication-nonce", paymentType: "card" },
    { id: "card-declined", nonce: "fake-processor-declined-visa-nonce", paymentType: "card" },
    { id: "paypal", nonce: "fake-paypal-one-time-nonce", paymentType: "paypal" },
  ];
}

export type CompletionPath = "confirm-iw" | "confirm-promo" | "payment";

/**
 * How checkout completes the booking: an in-warranty booking with nothing to pay through
 * confirm-iw, a booking whose promo code covers the whole price through confirm-promo, anything
 * else through the payment step.
 */
export function completionPath(booking: Pick<BookingState, "in_warranty" | "discount_code" | "totals">): CompletionPath {
  if (booking.totals.cart_total > 0) return "payment";
  if (booking.in_warranty === true) return "confirm-iw";
  if (booking.discount_code) return "confirm-promo";
  return "payment";
}

/** The pay button's label and the info text under it (carrier switch `payButtonVariant`). */
export function payButton(carrier: Pick<Carrier, "payButtonVariant">): { labelKey: string; infoKey: string | null } {
  return carrier.payButtonVariant === "complete-and-confirm"
    ? { labelKey: "booking-checkout.payment.completeAndConfirm", infoKey: "booking-checkout.payment.completeAndConfirmInfo" }
    : { labelKey: "booking-checkout.payment.pay", infoKey: null };
}

/* ───────────── the payment form (issue 5) ───────────── */

/** The pay-later choices (spec §4): 30 days, or three instalments. */
export const PAY_LATER_METHODS = ["pay_later", "pay_later_instalments"] as const;
export type PayLaterMethod = (typeof PAY_LATER_METHODS)[number];

/** Every value of the form's `method`: an offline test card, the drop-in's card, or pay later. */
export type PaymentMethodValue = SandboxPaymentOption["id"] | "card" | PayLaterMethod;

export function isPayLaterMethod(method: string): method is PayLaterMethod {
  return (PAY_LATER_METHODS as readonly string[]).includes(method);
}

/**
 * The payment form: one of the offered choices, the total the customer saw (BK27 when it changed),
 * and what the browser's provider handed back: the drop-in's nonce and payment type for `card`,
 * the pay-later authorisation token for pay later.
 */
export function paymentFormSchema(options: SandboxPaymentOption[]) {
  const ids: [PaymentMethodValue, ...PaymentMethodValue[]] = ["card", ...PAY_LATER_METHODS, ...options.map((option) => option.id)];
  return z.object({
    method: z.enum(ids, { error: "paymentMethodRequired" }),
    expected_total: z.coerce.number().int().min(0),
    nonce: z.string().trim().min(1).max(4096).optional(),
    payment_type: z.enum(["card", "paypal"]).optional(),
    authorization_token: z.string().trim().min(1).max(4096).optional(),
  });
}

export type PaymentForm = z.output<ReturnType<typeof paymentFormSchema>>;

/** The engine's charge input (spec §7 POST /{ref}/charge) without the currency. */
export interface ChargeRequest {
  token: string;
  payment_type: "card" | "paypal" | PayLaterMethod;
  paid_via_credit: boolean;
  expected_total: number;
}

export type PaymentPlan =
  | { kind: "charge"; charge: ChargeRequest }
  /** Pay later without the browser's authorisation (no JavaScript): the server runs spec §4's flow. */
  | { kind: "pay-later-on-server"; type: PayLaterMethod }
  | { kind: "missing" };

/**
 * What a posted payment form asks for: a test card's nonce, the drop-in's nonce, a pay-later
 * charge with its authorisation token (paid via credit), or the server-side pay-later flow when
 * the provider authorises on the server (the offline sandbox) and the browser sent no token.
 */
export function paymentPlan(form: PaymentForm, options: SandboxPaymentOption[], input: { serverAuthorisesPayLater: boolean }): PaymentPlan {
  const expected_total = form.expected_total;
  if (isPayLaterMethod(form.method)) {
    if (form.authorization_token) {
      return { kind: "charge", charge: { token: form.authorization_token, payment_type: form.method, paid_via_credit: true, expected_total } };
    }
    return input.serverAuthorisesPayLater ? { kind: "pay-later-on-server", type: form.method } : { kind: "missing" };
  }
  if (form.method === "card") {
    if (!form.nonce) return { kind: "missing" };
    return { kind: "charge", charge: { token: form.nonce, payment_type: form.payment_type ?? "card", paid_via_credit: false, expected_total } };
  }
  const option = options.find((candidate) => candidate.id === form.method);
  if (!option) return { kind: "missing" };
  return { kind: "charge", charge: { token: option.nonce, payment_type: option.paymentType, paid_via_credit: false, expected_total } };
}

export interface PaymentErrorAnswer {
  code: string;
  messages: string[];
  fields?: Record<string, string[]>;
}

/** What the payment error modal (spec §8) lists for a refused charge. */
export interface PaymentErrorModal {
  /** 'Incorrect billing address' with 'Update billing address' (scrolls to the billing panel). */
  billingAddress: boolean;
  /** 'Incorrect phone number' with 'Update phone number' (the details step, where the phone is edited). */
  phoneNumber: boolean;
  /** Spec §3 billing flag `bookingReference`: 'Incorrect booking reference' with 'Restart payment' (ADR 128). */
  bookingReference: boolean;
}

/** The modal's items: which of the customer's details (spec §3 "Billing error flags") the provider flagged. */
export function paymentErrorModal(error: PaymentErrorAnswer): PaymentErrorModal {
  const fields = error.fields ?? {};
  return {
    billingAddress: Boolean(fields.billing_address?.length),
    phoneNumber: Boolean(fields.phone_number?.length),
    bookingReference: Boolean(fields.booking_reference?.length),
  };
}

/** Spec §8: a card error and a declined method keep the chosen method; other errors clear it. */
export function clearsSelectedMethod(code: string): boolean {
  return !behaviourFor(code, "booking.payment").keepsPaymentMethod;
}

/** Where 'Update phone number' leads: the details step, at the phone field (ADR 026). */
export const PHONE_FIX_PATH = "/booking/details#phone_number";
/**
 * Where 'Restart payment' leads: this page loaded afresh, which asks the engine for new billing
 * tokens for the booking (spec §7 generate-billing-tokens) and shows a new, empty payment form (ADR 128).
 */
export const RESTART_PAYMENT_PATH = "/booking/payment?restart=1";
/** Where 'Update billing address' leads: this page's billing panel, open for editing. */
export const BILLING_FIX_PATH = "/booking/payment?billing=edit#billing-panel";
