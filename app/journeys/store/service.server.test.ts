import { describe, expect, it } from "vitest";
import { OrderCancelledError, ValidationError } from "~/booking.server";
import { actionProblem, minorFromMajor } from "./service.server";

describe("customer service forms", () => {
  it("reads a refund amount in major units, with a point or a comma, into minor units", () => {
    expect(minorFromMajor("12.50")).toBe(1250);
    expect(minorFromMajor("12,5")).toBe(1250);
    expect(minorFromMajor(" 7 ")).toBe(700);
    expect(minorFromMajor("0.01")).toBe(1);
    for (const bad of ["", "12.505", "-3", "1e3", "12,50 €", "abc"]) expect(minorFromMajor(bad), bad).toBeNull();
  });

  it("shows a field's refusal under the field and any other above the form, through the §8 table", () => {
    const field = actionProblem("refund", new ValidationError({ amount_minor: ["REFUND_TOO_LARGE"] }), "de");
    expect(field).toMatchObject({ intent: "refund", fieldCodes: { amount_minor: ["REFUND_TOO_LARGE"] }, alert: null });
    const other = actionProblem("cancel", new OrderCancelledError(), "de");
    expect(other).toMatchObject({ intent: "cancel", fields: {}, alert: { key: "manage.errors.cancelled" } });
    expect(actionProblem("resend", new Error("boom"), "en")).toBeNull();
  });
});

describe("the desk's words for messages (ADR 255)", () => {
  it("names every kind of customer message in English and German, and says where a refund goes in both", async () => {
    const { CUSTOMER_MESSAGE_KINDS } = await import("@repair/rules/message-kinds");
    const en = (await import("~/i18n/locales/en/store.json")).default.service;
    const de = (await import("~/i18n/locales/de/store.json")).default.service;
    for (const texts of [en, de]) {
      const kinds = texts.messages.kind as Record<string, string>;
      expect(Object.keys(kinds).sort()).toEqual([...CUSTOMER_MESSAGE_KINDS].sort());
      for (const kind of CUSTOMER_MESSAGE_KINDS) expect(kinds[kind], kind).toMatch(/^\p{Lu}/u);
      expect(Object.keys(texts.refund.to).sort()).toEqual(["card", "other", "pay_later", "pay_later_instalments", "paypal"]);
    }
    expect(en.messages.kind["booking-confirmed"]).toBe("Booking confirmation");
    expect(en.messages.kind["evening-before"]).toBe("Reminder the evening before");
    expect(de.messages.kind["booking-confirmed"]).toBe("Buchungsbestätigung");
  });
});
