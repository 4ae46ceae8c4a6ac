import { describe, expect, it } from "vitest";
import { completionPath, payButton, paymentFormSchema, sandboxPaymentOptions } from "./payment";
import { bookingFixture } from "./booking-fixture.test-support";

describe("offline card form (sandbox gateway test nonces)", () => {
  it("offers valid, 3-D Secure success and failure, declined and PayPal with Braintree's documented nonces", () => {
    const nonces = Object.fromEntries(sandboxPaymentOptions({ use3DSecure: false }).map((option) => [option.id, option.nonce]));
    expect(nonces).toEqual({
      "card-valid": "fake-valid-visa-nonce",
      "card-3ds-challenge": "fake-three-d-secure-visa-full-authentication-nonce",
      "card-3ds-failed": "fake-three-d-secure-visa-failed-authentication-nonce",
      "card-declined": "fake-processor-declined-visa-nonce",
      paypal: "fake-paypal-one-time-nonce",
    });
  });

  it("gives a good card an authenticated nonce when the carrier requires 3-D Secure, as the drop-in would", () => {
    const valid = sandboxPaymentOptions({ use3DSecure: true }).find((option) => option.id === "card-valid")!;
    expect(valid.nonce).toBe("fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce");
    expect(sandboxPaymentOptions({ use3DSecure: true }).find((option) => option.id === "paypal")!.paymentType).toBe("paypal");
  });

  it("says 'Payment method must be chosen' when no method is chosen", () => {
    const schema = paymentFormSchema(sandboxPaymentOptions({ use3DSecure: true }));
    const missing = schema.safeParse({ expected_total: "26899" });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.message).toBe("paymentMethodRequired");
    expect(schema.parse({ method: "card-valid", expected_total: "26899" })).toEqual({ method: "card-valid", expected_total: 26899 });
    expect(schema.safeParse({ method: "fake-valid-nonce", expected_total: "1" }).success).toBe(false);
  });
});

describe("how checkout completes a booking (spec §4 step 4)", () => {
  const free = { full_price: 24900, discount_total: 24900, cart_total: 0, currency: "GBP" };
  it("charges when there is something to pay", () => {
    expect(completionPath(bookingFixture())).toBe("payment");
    expect(completionPath(bookingFixture({ in_warranty: true }))).toBe("payment");
  });

  it("confirms an in-warranty booking with nothing to pay through confirm-iw", () => {
    expect(completionPath(bookingFixture({ in_warranty: true, totals: { ...free, discount_total: 0 } }))).toBe("confirm-iw");
  });

  it("confirms a booking whose promo code covers the whole price through confirm-promo", () => {
    expect(completionPath(bookingFixture({ discount_code: "FREE100", totals: free }))).toBe("confirm-promo");
  });

  it("labels the pay button by the carrier's payButtonVariant", () => {
    expect(payButton({ payButtonVariant: "pay" })).toEqual({ labelKey: "booking-checkout.payment.pay", infoKey: null });
    expect(payButton({ payButtonVariant: "complete-and-confirm" })).toEqual({
      labelKey: "booking-checkout.payment.completeAndConfirm",
      infoKey: "booking-checkout.payment.completeAndConfirmInfo",
    });
  });
});
