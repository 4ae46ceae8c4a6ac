import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n.server";
import { actionErrorKey, safeReturnPath } from "./action-errors";

describe("inline errors of the checkout steps", () => {
  const en = createI18n("en").t;
  const de = createI18n("de").t;

  it("says what the §8 toast says", () => {
    expect(actionErrorKey({ code: "PROMO_NOT_RECOGNISED", messages: ["x"] }, en)).toBe("Sorry, we don't recognise that promo code.");
    expect(actionErrorKey({ code: "PAYMENT_DECLINED", messages: ["x"] }, en)).toBe(
      "Your payment method was declined. Please try again with a different card or payment method.",
    );
    expect(actionErrorKey({ code: "PAYMENT_CARD_ERROR", messages: ["x"] }, en)).toBe("There was a problem confirming payment. Please try again or contact your bank.");
    expect(actionErrorKey({ code: "PROMO_ON_WARRANTY_REPAIR", messages: [] }, de)).toBe("Ein Gutscheincode kann nicht für eine Garantiereparatur verwendet werden.");
  });

  it("shows the server's English message only to English readers", () => {
    expect(actionErrorKey({ code: "PAYMENT_GATEWAY_ERROR", messages: ["Processor Network Unavailable"] }, en, "en")).toBe("Processor Network Unavailable");
    expect(actionErrorKey({ code: "PAYMENT_GATEWAY_ERROR", messages: ["Processor Network Unavailable"] }, de, "de")).toBe(
      "Ihre Zahlungsart wurde abgelehnt. Bitte versuchen Sie es mit einer anderen Karte oder Zahlungsart.",
    );
  });

  it("goes back only to a /booking page of the same site", () => {
    const request = (referer?: string) => new Request("http://patchpoint.localhost/booking/basket", { method: "POST", headers: referer ? { Referer: referer } : {} });
    expect(safeReturnPath(request("http://patchpoint.localhost/booking/repair-date?pages=2"), "/booking/basket")).toBe("/booking/repair-date?pages=2");
    expect(safeReturnPath(request("http://evil.example/booking/details"), "/booking/basket")).toBe("/booking/basket");
    expect(safeReturnPath(request("http://patchpoint.localhost/faqs"), "/booking/basket")).toBe("/booking/basket");
    expect(safeReturnPath(request(), "/booking/basket")).toBe("/booking/basket");
  });
});
