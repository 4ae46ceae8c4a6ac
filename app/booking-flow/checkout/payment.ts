/**
 * The payment step until the real card drop-in arrives (issue 5): an offline card form whose
 * choices produce the sandbox gateway's documented test nonces (Braintree's), and the rules that
 * decide how a booking is completed (spec §4 step 4: charge, confirm-iw or confirm-promo).
 */
import { z } from "zod";
import type { BookingState } from "~/booking.server";
import type { Carrier } from "~/content/schemas";

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

/** The payment form: one of the offered choices and the total the customer saw (BK27 when it changed). */
export function paymentFormSchema(options: SandboxPaymentOption[]) {
  const ids = options.map((option) => option.id) as [SandboxPaymentOption["id"], ...SandboxPaymentOption["id"][]];
  return z.object({
    method: z.enum(ids, { error: "paymentMethodRequired" }),
    expected_total: z.coerce.number().int().min(0),
  });
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
