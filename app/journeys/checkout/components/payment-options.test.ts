import { describe, expect, it } from "vitest";
import { decimalAmount, dropInLocale, dropInOptions, klarnaCategory, paymentTypeOf, payLaterVisible, threeDSecureRequest, toggleMethod } from "./payment-options";

describe("payment method choice", () => {
  it("deselects the selected method when it is chosen again", () => {
    expect(toggleMethod(null, "card")).toBe("card");
    expect(toggleMethod("card", "pay_later")).toBe("pay_later");
    expect(toggleMethod("pay_later", "pay_later")).toBeNull();
  });
});

describe("pay-later panel", () => {
  const base = { usesKlarna: true, available: true, totalMinor: 3500 };
  it("shows at a total of 35 when the carrier offers it and the provider reports the form available", () => {
    expect(payLaterVisible(base)).toBe(true);
  });
  it("hides below 35, without the carrier's switch, or when the form is not available", () => {
    expect(payLaterVisible({ ...base, totalMinor: 3499 })).toBe(false);
    expect(payLaterVisible({ ...base, usesKlarna: false })).toBe(false);
    expect(payLaterVisible({ ...base, available: false })).toBe(false);
  });
  it("hides a category the provider does not offer", () => {
    expect(payLaterVisible({ ...base, categories: ["pay_later"], type: "pay_later_instalments" })).toBe(false);
    expect(payLaterVisible({ ...base, categories: ["pay_later", "pay_over_time"], type: "pay_later_instalments" })).toBe(true);
  });
  it("maps 30 days to pay_later and instalments to pay_over_time", () => {
    expect(klarnaCategory("pay_later")).toBe("pay_later");
    expect(klarnaCategory("pay_later_instalments")).toBe("pay_over_time");
  });
});

describe("card drop-in", () => {
  it("uses de_DE for Germany and en_GB otherwise", () => {
    expect(dropInLocale("DE")).toBe("de_DE");
    expect(dropInLocale("GB")).toBe("en_GB");
    expect(dropInLocale("US")).toBe("en_GB");
  });

  it("enables PayPal in the checkout flow for the cart total in the carrier's currency, and 3-D Secure", () => {
    expect(dropInOptions({ authorization: "tok", container: "#dropin", totalMinor: 25900, currency: "GBP", countryCode: "GB", threeDSecure: true })).toEqual({
      authorization: "tok",
      container: "#dropin",
      locale: "en_GB",
      threeDSecure: true,
      paypal: { flow: "checkout", amount: "259.00", currency: "GBP" },
      card: { cardholderName: { required: false } },
    });
  });

  it("asks 3-D Secure for the total with the billing data and a challenge", () => {
    const request = threeDSecureRequest(9905, {
      email: "ada@example.com",
      firstName: "Zoë",
      lastName: "Lovelace",
      phone: "+44 7700 900123",
      line1: "1 Parliament Street",
      town: "London",
      postcode: "SW1A 2AA",
      countryCode: "GB",
    });
    expect(request).toEqual({
      threeDSecure: {
        amount: "99.05",
        email: "ada@example.com",
        billingAddress: {
          givenName: "Zoe",
          surname: "Lovelace",
          phoneNumber: "447700900123",
          streetAddress: "1 Parliament Street",
          locality: "London",
          postalCode: "SW1A 2AA",
          countryCodeAlpha2: "GB",
        },
        challengeRequested: true,
      },
    });
  });

  it("turns minor units into decimal amounts and payloads into payment types", () => {
    expect(decimalAmount(5)).toBe("0.05");
    expect(decimalAmount(123456)).toBe("1234.56");
    expect(paymentTypeOf({ type: "PayPalAccount" })).toBe("paypal");
    expect(paymentTypeOf({ type: "CreditCard" })).toBe("card");
  });
});
