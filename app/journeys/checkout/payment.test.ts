import { describe, expect, it } from "vitest";
import {
  BILLING_FIX_PATH,
  clearsSelectedMethod,
  completionPath,
  isPayLaterMethod,
  payButton,
  paymentErrorModal,
  paymentFormSchema,
  paymentPlan,
  PHONE_FIX_PATH,
  sandboxPaymentOptions,
} from "./payment";
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

describe("what a posted payment form charges (issue 5)", () => {
  const options = sandboxPaymentOptions({ use3DSecure: true });
  const schema = paymentFormSchema(options);
  const plan = (form: Record<string, string>, serverAuthorisesPayLater = true) => paymentPlan(schema.parse(form), options, { serverAuthorisesPayLater });

  it("a test card charges its nonce; the drop-in's card charges the posted nonce and type", () => {
    expect(plan({ method: "paypal", expected_total: "100" })).toEqual({
      kind: "charge",
      charge: { token: "fake-paypal-one-time-nonce", payment_type: "paypal", paid_via_credit: false, expected_total: 100 },
    });
    expect(plan({ method: "card", nonce: "tokencc_abc", payment_type: "card", expected_total: "100" })).toEqual({
      kind: "charge",
      charge: { token: "tokencc_abc", payment_type: "card", paid_via_credit: false, expected_total: 100 },
    });
    expect(plan({ method: "card", expected_total: "100" })).toEqual({ kind: "missing" });
  });

  it("pay later charges paid via credit with the authorisation token and the pay-later type", () => {
    expect(plan({ method: "pay_later_instalments", authorization_token: "auth-1", expected_total: "4000" })).toEqual({
      kind: "charge",
      charge: { token: "auth-1", payment_type: "pay_later_instalments", paid_via_credit: true, expected_total: 4000 },
    });
  });

  it("pay later without a token runs spec §4's flow on the server where the provider allows it (the sandbox), else a method is missing", () => {
    expect(plan({ method: "pay_later", expected_total: "4000" })).toEqual({ kind: "pay-later-on-server", type: "pay_later" });
    expect(plan({ method: "pay_later", expected_total: "4000" }, false)).toEqual({ kind: "missing" });
    expect(isPayLaterMethod("pay_later")).toBe(true);
    expect(isPayLaterMethod("card")).toBe(false);
  });
});

describe("the payment error modal and the chosen method (spec §8)", () => {
  it("lists 'Incorrect billing address' and 'Incorrect phone number' from the charge error's fields", () => {
    expect(paymentErrorModal({ code: "PAYMENT_CARD_ERROR", messages: ["x"], fields: { billing_address: ["Incorrect billing address"] } })).toEqual({
      billingAddress: true,
      phoneNumber: false,
      bookingReference: false,
    });
    expect(paymentErrorModal({ code: "PAYMENT_GATEWAY_ERROR", messages: ["x"], fields: { phone_number: ["Incorrect phone number"] } })).toEqual({
      billingAddress: false,
      phoneNumber: true,
      bookingReference: false,
    });
    expect(paymentErrorModal({ code: "PAYMENT_DECLINED", messages: ["x"] })).toEqual({ billingAddress: false, phoneNumber: false, bookingReference: false });
    // Spec §3's third billing flag, as the engine reports it (PaymentFailedError → fields.booking_reference).
    expect(paymentErrorModal({ code: "PAYMENT_GATEWAY_ERROR", messages: ["x"], fields: { booking_reference: ["Incorrect booking reference"] } })).toEqual({
      billingAddress: false,
      phoneNumber: false,
      bookingReference: true,
    });
  });

  it("keeps the method after a card error or a decline; other errors clear it", () => {
    expect(clearsSelectedMethod("PAYMENT_CARD_ERROR")).toBe(false);
    expect(clearsSelectedMethod("PAYMENT_DECLINED")).toBe(false);
    expect(clearsSelectedMethod("PAYMENT_GATEWAY_ERROR")).toBe(true);
    expect(clearsSelectedMethod("PAYMENT_IN_PROGRESS")).toBe(true);
  });

  it("sends 'Update phone number' to the details step's phone field and 'Update billing address' to this page's billing panel", () => {
    expect(PHONE_FIX_PATH).toBe("/booking/details#phone_number");
    expect(BILLING_FIX_PATH).toBe("/booking/payment?billing=edit#billing-panel");
  });
});
